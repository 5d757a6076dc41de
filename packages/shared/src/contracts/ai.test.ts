import { describe, expect, it } from 'vitest';
import { AiChatRequest, AiDownloadRequest, AiTrackRequest, isKnownLanguage, TranslateRequest } from './ai';
import { MessageSave } from './messages';

const firstPath = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  r.error?.issues[0]?.path.join('.');

describe('AI contracts', () => {
  it('knows ISO languages and regional variants, not made-up codes', () => {
    for (const code of ['en', 'fr', 'zh', 'pt_BR', 'es_US', 'ar_MA', 'ar_TN', 'zh_TW', 'en_GB'])
      expect([code, isKnownLanguage(code)]).toEqual([code, true]);
    for (const code of ['', 'xx', 'eng', 'pt-BR', 'pt_br', 'fr_QQ', 'fr_FR_x'])
      expect([code, isKnownLanguage(code)]).toEqual([code, false]);
  });

  it('takes a translation of 1–80 distinct known languages and a filled content, with defaults', () => {
    const ok = TranslateRequest.parse({
      langs: ['fr', 'pt_BR'],
      content: { title: 'Hi {name}' },
      from: 'push',
    });
    expect(ok.content).toEqual({ title: 'Hi {name}', desc: '', extra: '', button: '', buttonExtra: [] });
    const bad = (body: object) => firstPath(TranslateRequest.safeParse(body));
    const base = { langs: ['fr'], content: { title: 'Hi' }, from: 'push' };
    expect(bad({ ...base, langs: [] })).toBe('langs');
    expect(bad({ ...base, langs: ['fr', 'fr'] })).toBe('langs');
    expect(bad({ ...base, langs: ['fr', 'klingon'] })).toBe('langs.1');
    expect(bad({ ...base, langs: Array.from({ length: 81 }, () => 'fr') })).toBe('langs');
    expect(bad({ ...base, content: { title: 'x'.repeat(151) } })).toBe('content.title');
    expect(bad({ ...base, content: { desc: 'x'.repeat(101) } })).toBe('content.desc');
    expect(bad({ ...base, content: { buttonExtra: ['a', 'b', 'c', 'd'] } })).toBe('content.buttonExtra');
    expect(bad({ ...base, content: { title: '  ' } })).toBe('content');
    expect(bad({ ...base, from: 'mail' })).toBe('from');
  });

  it('takes 1–10 chat messages ending with the user’s, each at most 4000 characters', () => {
    const msg = (role: string, content = 'x') => ({ role, content });
    const base = { messages: [msg('user')], msgType: 1, from: 'push' };
    expect(AiChatRequest.safeParse(base).success).toBe(true);
    const bad = (body: object) => firstPath(AiChatRequest.safeParse(body));
    expect(bad({ ...base, messages: [] })).toBe('messages');
    expect(bad({ ...base, messages: Array.from({ length: 11 }, () => msg('user')) })).toBe('messages');
    expect(bad({ ...base, messages: [msg('user'), msg('assistant')] })).toBe('messages');
    expect(bad({ ...base, messages: [msg('system')] })).toBe('messages.0.role');
    expect(bad({ ...base, messages: [msg('user', 'x'.repeat(4001))] })).toBe('messages.0.content');
    expect(bad({ ...base, msgType: 4 })).toBe('msgType');
  });

  it('takes a download of 1–100 messages and a track of ai_use or ai_submit', () => {
    expect(AiDownloadRequest.safeParse({ contents: [] }).success).toBe(false);
    expect(
      AiDownloadRequest.safeParse({
        contents: Array.from({ length: 101 }, () => ({ role: 'user', content: 'x' })),
      }).success,
    ).toBe(false);
    expect(AiTrackRequest.parse({ action: 'ai_submit', from: 'material' })).toEqual({
      action: 'ai_submit',
      from: 'material',
      title: '',
    });
    expect(AiTrackRequest.safeParse({ action: 'ai', from: 'push' }).success).toBe(false);
  });

  it('has MessageSave take contentCreateType 0 or 1, absent left absent (the server keeps the stored value)', () => {
    const shape = MessageSave.shape.contentCreateType;
    expect(shape.parse(undefined)).toBeUndefined();
    expect(shape.parse(0)).toBe(0);
    expect(shape.parse(1)).toBe(1);
    expect(shape.safeParse(2).success).toBe(false);
  });
});
