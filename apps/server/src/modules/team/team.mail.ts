import type { MessageLang } from '@beacon/shared';
import type { Mail } from '../../mail/mailer';

const ROLES: Record<MessageLang, Record<number, string>> = {
  en: { 300: 'manager', 400: 'operator', 500: 'tester' },
  zh: { 300: '管理员', 400: '运营', 500: '测试人员' },
  fr: { 300: 'gestionnaire', 400: 'opérateur', 500: 'testeur' },
};

export interface InviteMailInput {
  to: string;
  link: string;
  appTitle: string;
  inviter: string;
  ulevel: number;
  days: number;
}

/** The invitation mail, in the inviter's chosen language. */
export function inviteMail(input: InviteMailInput, lang: MessageLang): Mail {
  const role = ROLES[lang][input.ulevel] ?? String(input.ulevel);
  const { to, link, appTitle, inviter, days } = input;
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `邀请您加入 Beacon 上的「${appTitle}」`,
        text: `${inviter} 邀请您以${role}身份加入 Beacon 上的应用「${appTitle}」。\n\n请打开以下链接，登录或使用本邮箱注册后接受邀请（${days} 天内有效，仅可使用一次）：\n${link}\n\n如果您不认识邀请人，请忽略此邮件。`,
      };
    case 'fr':
      return {
        to,
        subject: `Invitation à rejoindre « ${appTitle} » sur Beacon`,
        text: `${inviter} vous invite à rejoindre l’application « ${appTitle} » sur Beacon en tant que ${role}.\n\nOuvrez ce lien, connectez-vous ou créez un compte avec cette adresse, puis acceptez l’invitation (valable ${days} jours, utilisable une fois) :\n${link}\n\nSi vous ne connaissez pas l’expéditeur, ignorez ce message.`,
      };
    case 'en':
      return {
        to,
        subject: `You are invited to join “${appTitle}” on Beacon`,
        text: `${inviter} invited you to join the app “${appTitle}” on Beacon as ${role}.\n\nOpen this link, sign in or create an account with this e-mail address, and accept the invitation (valid for ${days} days, usable once):\n${link}\n\nIf you do not know the sender, ignore this mail.`,
      };
  }
}
