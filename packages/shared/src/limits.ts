/** Limits, page sizes and ranges from the spec's constants (part 1 §9, part 2 §9), defined once. */
export const LIMITS = {
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
  loginFailuresPerEmail: 5,
  loginFailuresPerClient: 20,
  loginFailureWindowMs: 15 * 60 * 1000,
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
