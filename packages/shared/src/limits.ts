/** Limits, page sizes and ranges from the spec's constants (part 1 §9, part 2 §9), defined once. */
export const LIMITS = {
  /**
   * How deep a JSON body may nest (objects and arrays), on every route of both APIs: the deepest contract (a journey's
   * steps, a targeting condition) needs under 10; a deeper body is refused with a 400 naming the body before it is
   * parsed, so no validation walk can run out of stack on it.
   */
  jsonDepthMax: 64,
  passwordMin: 8,
  passwordMax: 20,
  userDescriptionMax: 150,
  usersPageSize: 20,
  appListPageSize: 8,
  appListSearchPageSize: 9,
  searchDebounceMs: 500,
  deleteRedirectMs: 500,
  sidebarOpenPx: 200,
  sidebarCollapsedPx: 64,
  minPageWidthPx: 1200,
  topBarExtrasMinPx: 900,
  errorDedupeMs: 1000,
  ssoReturnMaxAgeMs: 15_000_000,
  sessionTtlMs: 7 * 24 * 3600 * 1000,
  activationTtlMs: 48 * 3600 * 1000,
  resetTtlMs: 3600 * 1000,
  /** Failed sign-ins of an e-mail (or of a trusted-device cookie) before each further attempt must wait. */
  loginFailuresPerEmail: 5,
  /** That wait: 1 s after the free failures, doubling with each further failure, at most 15 minutes. */
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 15 * 60 * 1000,
  /** How long a failure counts towards that wait (a successful sign-in forgets them at once). */
  loginFailureMemoryMs: 24 * 3600 * 1000,
  /** Failed sign-ins from one client address within loginFailureWindowMs, whatever the e-mail. */
  loginFailuresPerClient: 20,
  loginFailureWindowMs: 15 * 60 * 1000,
  /** A browser that signed in keeps its trusted-device cookie this long. */
  trustedDeviceTtlMs: 365 * 24 * 3600 * 1000,
  appGroupNameMax: 20,
  appGroupDescMax: 20,
  appGroupMinApps: 2,
  appGroupMaxApps: 50,
  newDeviceProtectionDays: 7,
  inactiveDeviceDays: 90,
} as const;

/** Password rule of part 1 §5: a digit, a letter, one of !@#$%&, 8 to 20 characters. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z])(?=.*[!@#$%&])[A-Za-z\d!@#$%&]{8,20}$/;

/** Advertising id: 8-4-4-4-12 hex digits with dashes. */
export const GAID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export type ImageKind = 'logo' | 'smallIcon' | 'customIcon' | 'picture' | 'optionalIcon' | 'downloadIcon';

export interface ImageRule {
  types: ReadonlyArray<'png' | 'jpg' | 'webp'>;
  width?: number;
  height?: number;
  square?: boolean;
  maxBytes: number;
}

/** Image rules of the spec (part 1 §5, part 2 §5), checked by the console and again by the server. */
export const IMAGE_RULES: Record<ImageKind, ImageRule> = {
  logo: { types: ['png', 'jpg', 'webp'], width: 120, height: 120, maxBytes: 50 * 1024 },
  smallIcon: { types: ['png'], width: 60, height: 60, maxBytes: 10 * 1024 },
  customIcon: { types: ['png', 'jpg', 'webp'], square: true, maxBytes: 60 * 1024 },
  picture: { types: ['png', 'jpg', 'webp'], width: 430, height: 230, maxBytes: 200 * 1024 },
  optionalIcon: { types: ['png', 'jpg', 'webp'], square: true, maxBytes: 100 * 1024 },
  downloadIcon: { types: ['png', 'jpg', 'webp'], width: 64, height: 64, maxBytes: 50 * 1024 },
};

/** App limits (part 1 §5, §9). */
export const APP_LIMITS = {
  titleMax: 20,
  descriptionMax: 150,
  pkgMax: 255,
  reportTimeMin: 2,
  reportTimeMax: 24,
  wifiReportTimeDefault: 6,
  mobileReportTimeDefault: 2,
  uploadFileLimitDefault: 30,
  uploadFileLimitMax: 1000,
  firebaseJsonMaxBytes: 1024 * 1024,
  /** The project switcher loads up to this many apps ("app load 10000"). */
  switcherLoad: 10_000,
  createDialogDelayMs: 500,
} as const;

/** An Android application id: two or more dot-separated segments, each a letter then letters, digits or `_`. */
export const ANDROID_PACKAGE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/** A report interval as typed (digits only) clamped to 2–24 hours; undefined when it is not digits. */
export function clampReportTime(value: string | number): number | undefined {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return undefined;
  return Math.min(APP_LIMITS.reportTimeMax, Math.max(APP_LIMITS.reportTimeMin, Number(text)));
}

/** Team, test-device and notification-icon limits (part 1 §5, §9). */
export const CONFIG_LIMITS = {
  teamPageSize: 20,
  /** An invitation link is valid this long, and once. */
  inviteTtlMs: 7 * 24 * 3600 * 1000,
  testDevicesPageSize: 20,
  testDeviceNameMax: 15,
  testDeviceDescMax: 30,
} as const;

/** A notification colour: `#` and six upper-case hex digits. */
export const ICON_COLOR_PATTERN = /^#[0-9A-F]{6}$/;

/**
 * What an uploaded .xlsx (the materials import, the mobile models list) may hold once unpacked, checked before it is
 * parsed: the imports need a few hundred KB and a few thousand rows, and a zip bomb, a sheet of a million rows or a
 * shared-strings table of a million entries would take seconds and hundreds of MB to parse.
 */
export const SPREADSHEET_LIMITS = {
  /** Bytes all parts together inflate to (measured while inflating: the sizes a zip declares can lie). */
  inflatedBytesMax: 16 * 1024 * 1024,
  /** `<row>` elements of one worksheet (data rows, and the empty formatted rows programs write). */
  rowsMax: 20_000,
  /** Entries of the shared-strings table. */
  sharedStringsMax: 100_000,
} as const;
