import { IMAGE_RULES } from '@beacon/shared';

export type IconProblem = 'type' | 'size' | 'dimensions';

function dimensions(file: File): Promise<{ width: number; height: number } | undefined> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(undefined);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}

/** Checks a picked file against IMAGE_RULES.smallIcon before uploading (the server checks again). */
export async function checkIconFile(file: File): Promise<IconProblem | undefined> {
  const rule = IMAGE_RULES.smallIcon;
  if (file.type !== 'image/png' && !file.name.toLowerCase().endsWith('.png')) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  const size = await dimensions(file);
  if (!size) return 'type';
  if (size.width !== rule.width || size.height !== rule.height) return 'dimensions';
  return undefined;
}
