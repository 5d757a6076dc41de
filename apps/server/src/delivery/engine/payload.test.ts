import { describe, expect, it } from 'vitest';
import { buildFcmMessage, MAX_DATA_BYTES, PayloadCache, RENDER_FAILED, type PayloadMessage } from './payload';

const base: PayloadMessage = {
  id: 42,
  msgType: 1,
  pkg: 'com.example.shop',
  ttlSeconds: 3600,
  createdAt: new Date('2026-11-22T10:00:00Z'),
  data: {
    noti_title: 'Sale "today" \\ 50%',
    noti_desc: 'Ends at 23:59 — hurry',
    noti_small_icon: '/files/icon.png',
    noti_priority: 3,
  },
  multiLangEnable: false,
  multiLangContent: [],
  publicUrl: 'https://beacon.example.com',
};

describe('PayloadCache.body', () => {
  it('is exactly the JSON of buildFcmMessage for the device, token escaped', () => {
    const cache = new PayloadCache(base);
    for (const token of ['abc:APA91b-xyz_123', 'we"ird\\token\n']) {
      const body = cache.body(token, 'en');
      expect(body).toBe(JSON.stringify({ message: buildFcmMessage(base, token, 'en') }));
      expect(JSON.parse(body as string).message.token).toBe(token);
    }
  });

  it('picks each device language of a multi-language message', () => {
    const m: PayloadMessage = {
      ...base,
      multiLangEnable: true,
      multiLangContent: [
        { lang: 'en', title: 'Hello', desc: 'World' },
        { lang: 'fr', title: 'Bonjour', desc: 'Monde', button: 'Voir' },
      ] as PayloadMessage['multiLangContent'],
    };
    const cache = new PayloadCache(m);
    expect(JSON.parse(cache.body('t1', 'fr_CA') as string).message.data.noti_title).toBe('Bonjour');
    expect(JSON.parse(cache.body('t2', 'en') as string).message.data.noti_title).toBe('Hello');
    expect(cache.body('t3', 'fr')).toBe(JSON.stringify({ message: buildFcmMessage(m, 't3', 'fr') }));
  });

  it('refuses data larger than FCM allows', () => {
    const cache = new PayloadCache({ ...base, data: { noti_txt_ex: 'x'.repeat(MAX_DATA_BYTES) } });
    expect(cache.body('t', 'en')).toBeUndefined();
  });
});

describe('tcm_msg_type', () => {
  const typeOf = (m: PayloadMessage) =>
    (buildFcmMessage(m, 'tok', 'en').data as Record<string, string> | undefined)?.tcm_msg_type;
  it('is the message type, and a test preview’s content type (the SDK renders by it)', () => {
    expect(typeOf(base)).toBe('1');
    expect(typeOf({ ...base, msgType: 2, data: { trans_data: 'e30=' } })).toBe('2');
    expect(typeOf({ ...base, msgType: 98 })).toBe('1');
    expect(typeOf({ ...base, msgType: 98, data: { trans_data: 'e30=' } })).toBe('2');
  });
});

describe('PayloadCache.body with templates (issue 33 §4)', () => {
  const device = (country: string, operator = 'MTN') => ({
    device: { country, operator },
    userId: null,
    attributes: {},
  });
  const templated: PayloadMessage = {
    ...base,
    id: 4242,
    data: {
      ...base.data,
      noti_title: '{{ device.operator }} in {{ device.country }}',
      noti_open_content: 'app://x?c={{ device.country }}',
    },
  };

  it('renders each device’s values into its body, the message left as it is', () => {
    const cache = new PayloadCache(templated);
    expect(cache.templated).toBe(true);
    const a = JSON.parse(cache.body('t1', 'en', device('NG')) as string).message;
    const b = JSON.parse(cache.body('t2', 'en', device('C I')) as string).message;
    expect(a.data).toMatchObject({ noti_title: 'MTN in NG', noti_open_content: 'app://x?c=NG' });
    expect(b.data).toMatchObject({ noti_title: 'MTN in C I', noti_open_content: 'app://x?c=C%20I' });
    expect(b.token).toBe('t2');
    expect(templated.data.noti_title).toBe('{{ device.operator }} in {{ device.country }}');
  });

  it('answers RENDER_FAILED, never the template, for a device it cannot render or without values', () => {
    const cache = new PayloadCache({
      ...templated,
      data: { ...templated.data, noti_title: '{{ device.operator }}' },
    });
    expect(cache.body('t', 'en', device('NG', ''))).toBe(RENDER_FAILED);
    expect(cache.body('t', 'en')).toBe(RENDER_FAILED);
    const broken = new PayloadCache({
      ...base,
      id: 4243,
      data: { ...base.data, noti_title: 'Hi {{ user.id' },
    });
    expect(broken.body('t', 'en', device('NG'))).toBe(RENDER_FAILED);
  });

  it('renders only the device’s language of a multi-language message', () => {
    const m: PayloadMessage = {
      ...base,
      id: 4244,
      multiLangEnable: true,
      multiLangContent: [
        { lang: 'en', title: 'Hello {{ device.country }}', desc: 'World' },
        { lang: 'fr', title: 'Bonjour {{ device.country }}', desc: '{{ nope | default: "Monde" }}' },
      ] as PayloadMessage['multiLangContent'],
    };
    const cache = new PayloadCache(m);
    expect(JSON.parse(cache.body('t', 'fr_CA', device('FR')) as string).message.data).toMatchObject({
      noti_title: 'Bonjour FR',
      noti_desc: 'Monde',
    });
  });

  it('leaves a message without template syntax on its shared body', () => {
    expect(new PayloadCache(base).templated).toBe(false);
  });
});

describe('PayloadCache.body with templates: the body', () => {
  it('carries exactly the data buildFcmMessage gives for the rendered content, a cross message’s trans_data too', () => {
    const trans = Buffer.from(JSON.stringify({ hi: 'Hi {{ device.country }}', n: 1 })).toString('base64');
    const m: PayloadMessage = { ...base, id: 4250, msgType: 2, data: { trans_data: trans } };
    const body = JSON.parse(
      new PayloadCache(m).body('t', 'en', {
        device: { country: 'KE' },
        userId: null,
        attributes: {},
      }) as string,
    ).message;
    const rendered = Buffer.from(JSON.stringify({ hi: 'Hi KE', n: 1 })).toString('base64');
    expect(body).toEqual(buildFcmMessage({ ...m, data: { trans_data: rendered } }, 't', 'en'));
  });
});
