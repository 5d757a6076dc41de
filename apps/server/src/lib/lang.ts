import type { MessageLang } from '@beacon/shared';

/** The response language: the first of en/zh/fr named by Accept-Language, else en. */
export function langFromHeader(header: string | undefined): MessageLang {
  if (!header) return 'en';
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'zh' || tag === 'fr' || tag === 'en') return tag;
  }
  return 'en';
}
