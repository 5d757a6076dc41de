import type { MessageLang } from '@beacon/shared';
import type { Mail } from './mailer';

/** What a review mail names: the message, its app, and the console link that opens its review. */
export interface ReviewMailSubject {
  appTitle: string;
  msgId: number;
  title: string;
  /** `PUBLIC_URL/app/{appId}/data/review?msgId=…&msgType=…` */
  link: string;
}

const quoted = (lang: MessageLang, s: string) =>
  lang === 'zh' ? `「${s}」` : lang === 'fr' ? `« ${s} »` : `“${s}”`;

/** To each reviewer of the app (project levels 200 and 300, the owner) when a message starts waiting for them. */
export function reviewPendingMail(to: string, s: ReviewMailSubject, author: string, lang: MessageLang): Mail {
  const title = quoted(lang, s.title);
  const app = quoted(lang, s.appTitle);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `待审核：${app}中的消息${title}`,
        text: `${author} 在 Beacon 应用${app}中提交了消息${title}（编号 ${s.msgId}）。消息需经审核人通过后才会发送。\n\n请打开以下链接审核（运行或驳回）：\n${s.link}\n\n您收到此邮件是因为您是该应用的审核人（所有者或管理员）。`,
      };
    case 'fr':
      return {
        to,
        subject: `À revoir : le message ${title} de ${app}`,
        text: `${author} a enregistré le message ${title} (n° ${s.msgId}) dans l’application ${app} sur Beacon. Il ne sera envoyé qu’après l’accord d’un relecteur.\n\nOuvrez ce lien pour le revoir (lancer ou refuser) :\n${s.link}\n\nVous recevez ce message parce que vous relisez les envois de cette application (propriétaire ou gestionnaire).`,
      };
    case 'en':
      return {
        to,
        subject: `Waiting for your review: ${title} in ${app}`,
        text: `${author} saved the message ${title} (id ${s.msgId}) in the app ${app} on Beacon. It is sent only once a reviewer runs it.\n\nOpen this link to review it (run or reject):\n${s.link}\n\nYou get this mail because you review the sends of this app (owner or manager).`,
      };
  }
}

/** To the author when a reviewer ran the message: it is scheduled now. */
export function reviewPassedMail(
  to: string,
  s: ReviewMailSubject,
  reviewer: string,
  lang: MessageLang,
): Mail {
  const title = quoted(lang, s.title);
  const app = quoted(lang, s.appTitle);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `审核通过：${app}中的消息${title}`,
        text: `${reviewer} 已通过您在应用${app}中的消息${title}（编号 ${s.msgId}），消息将按计划发送。\n\n查看：\n${s.link}`,
      };
    case 'fr':
      return {
        to,
        subject: `Revue acceptée : le message ${title} de ${app}`,
        text: `${reviewer} a lancé votre message ${title} (n° ${s.msgId}) de l’application ${app} : il part comme prévu.\n\nLe voir :\n${s.link}`,
      };
    case 'en':
      return {
        to,
        subject: `Review passed: ${title} in ${app}`,
        text: `${reviewer} ran your message ${title} (id ${s.msgId}) in the app ${app}: it is sent as scheduled.\n\nSee it:\n${s.link}`,
      };
  }
}

/** To the author when a reviewer rejected the message, with the reviewer's reason. */
export function reviewRejectedMail(
  to: string,
  s: ReviewMailSubject,
  reviewer: string,
  reason: string,
  lang: MessageLang,
): Mail {
  const title = quoted(lang, s.title);
  const app = quoted(lang, s.appTitle);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `审核驳回：${app}中的消息${title}`,
        text: `${reviewer} 驳回了您在应用${app}中的消息${title}（编号 ${s.msgId}），消息不会发送。\n\n驳回原因：\n${reason}\n\n修改后可重新提交：\n${s.link}`,
      };
    case 'fr':
      return {
        to,
        subject: `Revue refusée : le message ${title} de ${app}`,
        text: `${reviewer} a refusé votre message ${title} (n° ${s.msgId}) de l’application ${app} : il ne sera pas envoyé.\n\nMotif :\n${reason}\n\nVous pouvez le modifier et le soumettre à nouveau :\n${s.link}`,
      };
    case 'en':
      return {
        to,
        subject: `Review rejected: ${title} in ${app}`,
        text: `${reviewer} rejected your message ${title} (id ${s.msgId}) in the app ${app}: it will not be sent.\n\nReason:\n${reason}\n\nYou may edit it and submit it again:\n${s.link}`,
      };
  }
}
