import { z } from 'zod';
import { defineCall } from '../call';
import { IMAGE_RULES, type ImageKind } from '../limits';
import { singleLineText } from '../text';
import { AppIdParams } from './apps';

/** The image kinds an upload may name (`kind` field): the keys of IMAGE_RULES. */
export const IMAGE_KINDS = Object.keys(IMAGE_RULES) as [ImageKind, ...ImageKind[]];
export const ImageKindField = z.enum(IMAGE_KINDS, `must be one of ${IMAGE_KINDS.join(', ')}`);

/** A stored image: its `/files/<sha>.<ext>` URL, the uploaded name and its pixel size. */
export const StoredImage = z.object({
  url: z.string(),
  name: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type StoredImage = z.infer<typeof StoredImage>;

export const SmallIconCheckRequest = z.object({
  smallIconUrl: singleLineText({ required: true, max: 500 }),
});

export const uploadCalls = {
  /** Multipart (`file` and `kind`); registered as a plain route, documented here. */
  image: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/upload/image',
    upload: true,
    summary: 'Upload an image (multipart `file` + `kind`), checked against IMAGE_RULES[kind]',
    params: AppIdParams,
    data: StoredImage,
  }),
  /** checkIconColorTransparent: 1 when every pixel is fully transparent or of one solid colour. */
  checkSmallIcon: defineCall({
    method: 'POST',
    path: '/tcm/v1/app/:appId/msg/small/icon/check',
    summary:
      'Check that an uploaded small icon is one solid colour on transparency (checkIconColorTransparent)',
    params: AppIdParams,
    body: SmallIconCheckRequest,
    data: z.object({ result: z.union([z.literal(0), z.literal(1)]) }),
  }),
};
