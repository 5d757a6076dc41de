import type { AlertKind, AlertParams, MessageLang } from '@beacon/shared';

type Template = Record<MessageLang, string>;

/** The alert texts per kind in en, zh and fr; `{name}` takes a param (`app` is the app's title). */
const TEXTS: Record<AlertKind, { base: Template; reason: Template; needs?: string; fallback?: Template }> = {
  fcm_credentials: {
    base: {
      en: 'FCM rejects the service-account credentials of {app}: sending is paused until they are replaced.',
      zh: '{app} 的服务账号凭据被 FCM 拒绝：更换凭据前发送已暂停。',
      fr: 'FCM refuse les identifiants du compte de service de {app} : l’envoi est suspendu jusqu’à leur remplacement.',
    },
    reason: { en: ' Reason: {reason}.', zh: '原因：{reason}。', fr: ' Raison : {reason}.' },
  },
  message_stopped: {
    base: {
      en: 'Message {messageId} of {app} was stopped after repeated errors.',
      zh: '{app} 的消息 {messageId} 因连续出错已被停止。',
      fr: 'Le message {messageId} de {app} a été arrêté après des erreurs répétées.',
    },
    reason: {
      en: ' Last error: {reason}.',
      zh: '最后的错误：{reason}。',
      fr: ' Dernière erreur : {reason}.',
    },
  },
  quota_exhausted: {
    base: {
      en: 'The FCM quota of {app} has been exhausted for {minutes} minutes: sending is slowed down.',
      zh: '{app} 的 FCM 配额已耗尽 {minutes} 分钟：发送速度已降低。',
      fr: 'Le quota FCM de {app} est épuisé depuis {minutes} minutes : l’envoi est ralenti.',
    },
    needs: 'minutes',
    fallback: {
      en: 'The FCM quota of {app} has been exhausted for a long time: sending is slowed down.',
      zh: '{app} 的 FCM 配额已长时间耗尽：发送速度已降低。',
      fr: 'Le quota FCM de {app} est épuisé depuis longtemps : l’envoi est ralenti.',
    },
    reason: { en: ' {reason}.', zh: '{reason}。', fr: ' {reason}.' },
  },
};

const PLATFORM: Template = { en: 'the platform', zh: '平台', fr: 'la plateforme' };

/** An alert's text in `lang`, rendered from its kind and params (missing values get a neutral word). */
export function renderAlert(
  kind: AlertKind,
  params: AlertParams,
  appTitle: string | null,
  lang: MessageLang,
): string {
  const text = TEXTS[kind];
  const values: Record<string, string> = { app: appTitle ?? PLATFORM[lang], messageId: '' };
  for (const [key, value] of Object.entries(params)) values[key] = String(value);
  const base = text.needs && !values[text.needs] && text.fallback ? text.fallback : text.base;
  const template = base[lang] + (values.reason ? text.reason[lang] : '');
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '').replace(/\s{2,}/g, ' ');
}
