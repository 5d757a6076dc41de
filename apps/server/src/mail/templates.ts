import type { MessageLang } from '@beacon/shared';
import type { Mail } from './mailer';

type Texts = Record<MessageLang, { subject: string; body: (link: string) => string }>;

const activation: Texts = {
  en: {
    subject: 'Activate your Beacon account',
    body: (link) =>
      `Welcome to Beacon.\n\nOpen this link to activate your account (valid for 48 hours):\n${link}\n\nIf you did not register, ignore this mail.`,
  },
  zh: {
    subject: '激活您的 Beacon 账号',
    body: (link) =>
      `欢迎使用 Beacon。\n\n请打开以下链接激活账号（48 小时内有效）：\n${link}\n\n如果您没有注册，请忽略此邮件。`,
  },
  fr: {
    subject: 'Activez votre compte Beacon',
    body: (link) =>
      `Bienvenue sur Beacon.\n\nOuvrez ce lien pour activer votre compte (valable 48 heures) :\n${link}\n\nSi vous ne vous êtes pas inscrit, ignorez ce message.`,
  },
};

const reset: Texts = {
  en: {
    subject: 'Reset your Beacon password',
    body: (link) =>
      `Someone asked to reset the password of this Beacon account.\n\nOpen this link to choose a new password (valid for 1 hour, usable once):\n${link}\n\nIf it was not you, ignore this mail: your password stays unchanged.`,
  },
  zh: {
    subject: '重置您的 Beacon 密码',
    body: (link) =>
      `有人请求重置此 Beacon 账号的密码。\n\n请打开以下链接设置新密码（1 小时内有效，仅可使用一次）：\n${link}\n\n如果不是您本人操作，请忽略此邮件，密码不会改变。`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Beacon',
    body: (link) =>
      `Une réinitialisation du mot de passe de ce compte Beacon a été demandée.\n\nOuvrez ce lien pour choisir un nouveau mot de passe (valable 1 heure, utilisable une fois) :\n${link}\n\nSi ce n’était pas vous, ignorez ce message : votre mot de passe reste inchangé.`,
  },
};

type AccountExistsTexts = Record<
  MessageLang,
  { subject: string; body: (signIn: string, reset: string) => string }
>;

const accountExists: AccountExistsTexts = {
  en: {
    subject: 'Someone tried to register with your address on Beacon',
    body: (signIn, reset) =>
      `Someone tried to create a Beacon account with this e-mail address, which already has one. Nothing was changed.\n\nIf that was you, sign in:\n${signIn}\n\nor, if you forgot your password, reset it:\n${reset}\n\nIf it was not you, ignore this mail.`,
  },
  zh: {
    subject: '有人尝试用您的邮箱注册 Beacon',
    body: (signIn, reset) =>
      `有人尝试用此邮箱创建 Beacon 账号，但该邮箱已有账号。账号没有任何改动。\n\n如果是您本人，请登录：\n${signIn}\n\n如果忘记了密码，请重置：\n${reset}\n\n如果不是您本人操作，请忽略此邮件。`,
  },
  fr: {
    subject: 'Quelqu’un a tenté de s’inscrire sur Beacon avec votre adresse',
    body: (signIn, reset) =>
      `Quelqu’un a tenté de créer un compte Beacon avec cette adresse e-mail, qui en a déjà un. Rien n’a été modifié.\n\nSi c’était vous, connectez-vous :\n${signIn}\n\nou, si vous avez oublié votre mot de passe, réinitialisez-le :\n${reset}\n\nSi ce n’était pas vous, ignorez ce message.`,
  },
};

/** To the owner of an existing account when someone registers with its e-mail (registration answers the same). */
export function accountExistsMail(to: string, signIn: string, reset: string, lang: MessageLang): Mail {
  return { to, subject: accountExists[lang].subject, text: accountExists[lang].body(signIn, reset) };
}

export function activationMail(to: string, link: string, lang: MessageLang): Mail {
  return { to, subject: activation[lang].subject, text: activation[lang].body(link) };
}

export function resetMail(to: string, link: string, lang: MessageLang): Mail {
  return { to, subject: reset[lang].subject, text: reset[lang].body(link) };
}
