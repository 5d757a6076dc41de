import { z } from 'zod';
import { defineCall } from '../call';
import { ICON_COLOR_PATTERN } from '../limits';
import { AppIdParams } from './apps';

/** The app's default notification small icon and its tint (`apps.noti_small_icon`, `noti_small_icon_color`). */
export const IconSetting = z.object({ icon: z.string(), color: z.string() });
export type IconSetting = z.infer<typeof IconSetting>;

/** An uploaded file URL as the server hands it out. */
export const FILE_URL_PATTERN = /^\/files\/[0-9a-f]{64}\.(png|jpg|webp)$/;

export const IconEditRequest = z.object({
  appId: z.number().int().optional(),
  icon: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || FILE_URL_PATTERN.test(v), 'must be an uploaded icon (/files/…)'),
  color: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine(
      (v) => v === '' || ICON_COLOR_PATTERN.test(v),
      'must be # and 6 hexadecimal digits, like #1A73E8',
    ),
});
export type IconEditRequest = z.output<typeof IconEditRequest>;

export const UploadedIcon = z.object({ url: z.string(), name: z.string() });
export type UploadedIcon = z.infer<typeof UploadedIcon>;

export const iconCalls = {
  get: defineCall({
    method: 'GET',
    path: '/tcm/v1/app/:appId/icon',
    summary: 'The app’s default notification icon and colour',
    params: AppIdParams,
    data: IconSetting,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/icon/edit',
    summary: 'Set the default notification icon (PNG 60×60, ≤ 10 KB) and colour',
    params: AppIdParams,
    body: IconEditRequest,
    data: IconSetting,
  }),
  /** Multipart (`file`); registered as a plain route, documented here. */
  upload: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/icon/upload',
    upload: true,
    summary: 'Upload a small icon (multipart `file`): PNG 60×60, ≤ 10 KB',
    params: AppIdParams,
    data: UploadedIcon,
  }),
};
