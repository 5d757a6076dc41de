import { z } from 'zod';
import { linkHasSpace } from '../templates';
import { multiLineText, singleLineText } from '../text';

/**
 * A notification's content (spec part 2 §3 notification fields, §5, §9): the noti_* fields the SDK renders and the
 * languages of a multi-language message — the rules of messages, A/B arms and materials alike (messages.ts re-exports
 * them).
 */

/** Notification and message rules of spec part 2 §3, §5, §9, defined once. */
export const MESSAGE_LIMITS = {
  titleMax: 150,
  descMax: 100,
  descriptionMax: 100,
  expandedTextMax: 250,
  buttonMax: 20,
  extraButtonTextMax: 20,
  extraButtonContentMax: 200,
  extraButtonsMax: 3,
  /** `multiLangContent`: the most languages one message (or material, journey step, A/B variant) holds. */
  languagesMax: 80,
  channelFieldMax: 16,
  /** `noti_group_max`: the most notifications of the group shown at once (0: no limit). */
  groupMaxMax: 100,
  /** `noti_layout_id`: the app's layout number for a custom design, as a cross message's (part 2 §5, §9: 0 to 1000). */
  layoutIdMax: 1000,
  ttlMinSeconds: 3600,
  ttlMaxSeconds: 43200,
  speedMin: 1000,
  speedMax: 10000,
  scheduleLeadMs: 5 * 60 * 1000,
  localTimeWindowMs: 12 * 3600 * 1000,
  userIdsMax: 30,
  testPreviewTtlSeconds: 86400,
  listPageSize: 20,
  estimateDebounceMs: 250,
} as const;

/**
 * A message's push speed (`speedLimit`, devices a second): 0 for no limit, else MESSAGE_LIMITS' range. The one rule:
 * the console's field checks it and the server answers 21025 (speed limit illegal) when it fails.
 */
export const PushSpeed = z
  .number()
  .int()
  .refine((v) => v === 0 || (v >= MESSAGE_LIMITS.speedMin && v <= MESSAGE_LIMITS.speedMax), {
    message: `must be 0 (no limit) or ${MESSAGE_LIMITS.speedMin}–${MESSAGE_LIMITS.speedMax} a second`,
  });

/** A link: no whitespace, but inside a template's `{{ … }}` (templates.ts: its values are URL-encoded). */
const noSpace = (what: string) =>
  singleLineText({ trim: false }).refine(
    (v) => v !== '' && !linkHasSpace(v),
    `${what} must not contain whitespace`,
  );
/** A URL or file handle as the console sends it, untrimmed. */
export const refText = (max: number) => singleLineText({ trim: false, max });
const isHttp = (s: string) => /^https?:\/\//i.test(s);

const layoutRange = `must be a number from 0 to ${MESSAGE_LIMITS.layoutIdMax}`;
/** `noti_layout_id`: a layout number of the app, 0 to 1000, a whole number or its digits (notification and cross). */
export const NotiLayoutId = z.union(
  [
    z.number().int(layoutRange).min(0, layoutRange).max(MESSAGE_LIMITS.layoutIdMax, layoutRange),
    // its digits: 0 to 999, or 1000
    z.string().regex(/^(?:\d{1,3}|1000)$/, layoutRange),
  ],
  { error: layoutRange },
);

const groupMaxRange = `must be a whole number from 0 to ${MESSAGE_LIMITS.groupMaxMax} (0: no limit)`;
/** `noti_group_max`: how many notifications of the group the device shows at most, 0 to 100 (0: no limit). */
export const NotiGroupMax = z
  .number({ error: groupMaxRange })
  .int(groupMaxRange)
  .min(0, groupMaxRange)
  .max(MESSAGE_LIMITS.groupMaxMax, groupMaxRange);

export const ExtraButton = z.object({
  type: z.union([z.literal(1), z.literal(2)]),
  txt: singleLineText({ required: true, max: MESSAGE_LIMITS.extraButtonTextMax }),
  content: noSpace('content').max(MESSAGE_LIMITS.extraButtonContentMax),
});

/** The `data` of a notification (MessageType.NOTIFICATION): the noti_* fields the SDK renders. */
export const NotificationData = z
  .object({
    noti_type: z.union([z.literal(1), z.literal(3)]),
    noti_title: singleLineText({ required: true, max: MESSAGE_LIMITS.titleMax }),
    noti_desc: multiLineText({ required: true, max: MESSAGE_LIMITS.descMax }),
    noti_small_icon: refText(500).optional().default(''),
    noti_small_icon_color: z
      .string()
      .regex(/^(#[0-9A-Fa-f]{6})?$/, 'must be # and 6 hexadecimal digits')
      .optional()
      .default('')
      .transform((c) => c.toUpperCase()),
    noti_icon: refText(500).optional().default(''),
    noti_btn: singleLineText({ trim: false, max: MESSAGE_LIMITS.buttonMax }).optional().default(''),
    noti_ex_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    noti_txt_ex: multiLineText({ trim: false, max: MESSAGE_LIMITS.expandedTextMax }).optional().default(''),
    noti_img_ex: refText(500).optional().default(''),
    noti_optional_icon: refText(500).optional().default(''),
    noti_open_type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    noti_open_content: noSpace('noti_open_content').min(1).max(2000),
    noti_btn_ex: z.object({ content: z.array(ExtraButton).max(MESSAGE_LIMITS.extraButtonsMax) }).optional(),
    noti_channel_id: refText(MESSAGE_LIMITS.channelFieldMax).optional().default(''),
    noti_channel_name: refText(MESSAGE_LIMITS.channelFieldMax).optional().default(''),
    noti_group_id: refText(MESSAGE_LIMITS.channelFieldMax).optional().default(''),
    /** With `noti_group_id`: the most notifications of the group the device shows at once (0: no limit). */
    noti_group_max: NotiGroupMax.optional(),
    /** Only with the custom design (noti_type 3): the app's layout that draws it. */
    noti_layout_id: NotiLayoutId.optional(),
  })
  .superRefine((d, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (d.noti_type === 1 && !d.noti_small_icon)
      issue('noti_small_icon', 'is required for the system design');
    if (d.noti_type === 3 && !d.noti_icon) issue('noti_icon', 'is required for the custom design');
    if (d.noti_layout_id !== undefined && d.noti_type !== 3)
      issue('noti_layout_id', 'is only allowed with the custom design (noti_type 3)');
    if (d.noti_ex_type === 2 && !d.noti_txt_ex.trim())
      issue('noti_txt_ex', 'is required for the text expanded view');
    if (d.noti_ex_type === 3 && !d.noti_img_ex)
      issue('noti_img_ex', 'is required for the picture expanded view');
    if (d.noti_open_type === 1 && isHttp(d.noti_open_content))
      issue('noti_open_content', 'must be a page or deep link, not an http(s) link');
    if (d.noti_open_type === 2 && !isHttp(d.noti_open_content))
      issue('noti_open_content', 'must start with http:// or https://');
    d.noti_btn_ex?.content.forEach((b, i) => {
      if (b.type === 1 && isHttp(b.content))
        ctx.addIssue({
          code: 'custom',
          path: ['noti_btn_ex', 'content', i, 'content'],
          message: 'must be a page or deep link',
        });
      if (b.type === 2 && !isHttp(b.content))
        ctx.addIssue({
          code: 'custom',
          path: ['noti_btn_ex', 'content', i, 'content'],
          message: 'must start with http:// or https://',
        });
    });
  });
export type NotificationData = z.output<typeof NotificationData>;

export const MultiLangEntry = z.object({
  lang: singleLineText({ trim: false, min: 2, max: 12 }),
  title: singleLineText({ required: true, max: MESSAGE_LIMITS.titleMax }),
  desc: multiLineText({ required: true, max: MESSAGE_LIMITS.descMax }),
  extra: multiLineText({ trim: false, max: MESSAGE_LIMITS.expandedTextMax }).optional().default(''),
  button: singleLineText({ trim: false, max: MESSAGE_LIMITS.buttonMax }).optional().default(''),
  buttonExtra: z
    .array(singleLineText({ min: 1, max: MESSAGE_LIMITS.extraButtonTextMax }))
    .max(3)
    .optional()
    .default([]),
});
export type MultiLangEntry = z.output<typeof MultiLangEntry>;
