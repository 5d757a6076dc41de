import { type ImageRule } from '@beacon/shared';

export type ImageProblem = 'type' | 'size' | 'dimensions' | 'square' | 'unreadable';

const TYPES: Record<string, ImageRule['types'][number]> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** What is wrong with an image against a rule (type, then size, then dimensions), or undefined when it fits. */
export function imageProblem(
  image: { mime: string; bytes: number; width: number; height: number },
  rule: ImageRule,
): ImageProblem | undefined {
  const type = TYPES[image.mime];
  if (!type || !rule.types.includes(type)) return 'type';
  if (image.bytes > rule.maxBytes) return 'size';
  if (rule.width !== undefined && (image.width !== rule.width || image.height !== rule.height))
    return 'dimensions';
  if (rule.square && image.width !== image.height) return 'square';
  return undefined;
}

async function dimensions(file: File): Promise<{ width: number; height: number } | undefined> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Checks a picked file in the browser before uploading it (the server checks again). */
export async function checkImageFile(file: File, rule: ImageRule): Promise<ImageProblem | undefined> {
  const early = imageProblem(
    { mime: file.type, bytes: file.size, width: rule.width ?? 0, height: rule.height ?? 0 },
    rule,
  );
  if (early) return early;
  const size = await dimensions(file);
  if (!size) return 'unreadable';
  return imageProblem({ mime: file.type, bytes: file.size, ...size }, rule);
}
