import type { MessageLang } from '@beacon/shared';
import type { Mail } from './mailer';

/** What is reviewed: a message (docs/review.md) or a material (docs/materials.md). */
export type ReviewKind = 'message' | 'material';

/** What a review mail names: the message or material, its app, and the console link that opens its review. */
export interface ReviewMailSubject {
  /** a message when absent */
  kind?: ReviewKind;
  appTitle: string;
  /** the message's or the material's id */
  id: number;
  title: string;
  /**
   * a message: `PUBLIC_URL/app/{appId}/data/review?msgId=…&msgType=…`; a material:
   * `PUBLIC_URL/app/{appId}/material/audit?materialType=…&materialId=…`
   */
  link: string;
}

/** What the mails say of each kind in each language: the one sentence pattern per mail takes these words. */
interface Words {
  /** in front of the title in a subject */
  what: string;
  noun: string;
  nouns: string;
  /** why it waits: of one, of several */
  waits: string;
  waitMany: string;
  /** the two decisions, as the pending mail offers them */
  decide: string;
  /** what the reviewer reviews in the app */
  reviews: string;
  /** the pass: its verb (not in zh) and what follows; the reject: what follows */
  passed: string;
  passedThen: string;
  rejectedThen: string;
}

const WORDS: Record<MessageLang, Record<ReviewKind, Words>> = {
  en: {
    message: {
      what: '',
      noun: 'message',
      nouns: 'messages',
      waits: 'It is sent only once a reviewer runs it.',
      waitMany: 'They are sent only once a reviewer runs them.',
      decide: 'run or reject',
      reviews: 'sends',
      passed: 'ran',
      passedThen: 'it is sent as scheduled',
      rejectedThen: 'it will not be sent',
    },
    material: {
      what: 'the material ',
      noun: 'material',
      nouns: 'materials',
      waits: 'Messages can use it only once a reviewer passes it.',
      waitMany: 'Messages can use them only once a reviewer passes them.',
      decide: 'pass or reject',
      reviews: 'materials',
      passed: 'passed',
      passedThen: 'messages can use it now',
      rejectedThen: 'messages cannot use it',
    },
  },
  zh: {
    message: {
      what: '消息',
      noun: '消息',
      nouns: '消息',
      waits: '消息需经审核人通过后才会发送。',
      waitMany: '消息需经审核人通过后才会发送。',
      decide: '运行或驳回',
      reviews: '',
      passed: '',
      passedThen: '消息将按计划发送',
      rejectedThen: '消息不会发送',
    },
    material: {
      what: '素材',
      noun: '素材',
      nouns: '素材',
      waits: '素材需经审核人通过后才能用于消息。',
      waitMany: '素材需经审核人通过后才能用于消息。',
      decide: '通过或驳回',
      reviews: '',
      passed: '',
      passedThen: '素材现在可用于消息',
      rejectedThen: '素材不能用于消息',
    },
  },
  fr: {
    message: {
      what: 'le message ',
      noun: 'message',
      nouns: 'messages',
      waits: 'Il ne sera envoyé qu’après l’accord d’un relecteur.',
      waitMany: 'Ils ne seront envoyés qu’après l’accord d’un relecteur.',
      decide: 'lancer ou refuser',
      reviews: 'envois',
      passed: 'lancé',
      passedThen: 'il part comme prévu',
      rejectedThen: 'il ne sera pas envoyé',
    },
    material: {
      what: 'le matériel ',
      noun: 'matériel',
      nouns: 'matériels',
      waits: 'Les messages ne pourront l’utiliser qu’après l’accord d’un relecteur.',
      waitMany: 'Les messages ne pourront les utiliser qu’après l’accord d’un relecteur.',
      decide: 'valider ou refuser',
      reviews: 'matériels',
      passed: 'validé',
      passedThen: 'les messages peuvent l’utiliser dès maintenant',
      rejectedThen: 'les messages ne peuvent pas l’utiliser',
    },
  },
};

const quoted = (lang: MessageLang, s: string) =>
  lang === 'zh' ? `「${s}」` : lang === 'fr' ? `« ${s} »` : `“${s}”`;

const wordsOf = (lang: MessageLang, s: Pick<ReviewMailSubject, 'kind'>) => WORDS[lang][s.kind ?? 'message'];

/** One line of a pending mail naming several: the title, the id, the link. */
function line(lang: MessageLang, s: ReviewMailSubject): string {
  const title = quoted(lang, s.title);
  switch (lang) {
    case 'zh':
      return `${title}（编号 ${s.id}）：${s.link}`;
    case 'fr':
      return `${title} (n° ${s.id}) : ${s.link}`;
    case 'en':
      return `${title} (id ${s.id}): ${s.link}`;
  }
}

/**
 * To each reviewer of the app (project levels 200 and 300, the owner) when something starts waiting for them: one
 * message or material, or several of one kind and one app in one mail (a material import), each with its link.
 */
export function reviewPendingMail(
  to: string,
  subjects: ReviewMailSubject | readonly ReviewMailSubject[],
  author: string,
  lang: MessageLang,
): Mail {
  const all: readonly ReviewMailSubject[] = 'link' in subjects ? [subjects] : subjects;
  const s = all[0]!;
  const w = wordsOf(lang, s);
  const app = quoted(lang, s.appTitle);
  if (all.length > 1) {
    const n = all.length;
    const list = all.map((one) => line(lang, one)).join('\n');
    switch (lang) {
      case 'zh':
        return {
          to,
          subject: `待审核：${app}中的 ${n} 条${w.nouns}`,
          text: `${author} 在 Beacon 应用${app}中提交了 ${n} 条${w.nouns}。${w.waitMany}\n\n请打开以下链接审核（${w.decide}）：\n${list}\n\n您收到此邮件是因为您是该应用的审核人（所有者或管理员）。`,
        };
      case 'fr':
        return {
          to,
          subject: `À revoir : ${n} ${w.nouns} de ${app}`,
          text: `${author} a enregistré ${n} ${w.nouns} dans l’application ${app} sur Beacon. ${w.waitMany}\n\nOuvrez ces liens pour les revoir (${w.decide}) :\n${list}\n\nVous recevez ce message parce que vous relisez les ${w.reviews} de cette application (propriétaire ou gestionnaire).`,
        };
      case 'en':
        return {
          to,
          subject: `Waiting for your review: ${n} ${w.nouns} in ${app}`,
          text: `${author} saved ${n} ${w.nouns} in the app ${app} on Beacon. ${w.waitMany}\n\nOpen these links to review them (${w.decide}):\n${list}\n\nYou get this mail because you review the ${w.reviews} of this app (owner or manager).`,
        };
    }
  }
  const title = quoted(lang, s.title);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `待审核：${app}中的${w.what}${title}`,
        text: `${author} 在 Beacon 应用${app}中提交了${w.noun}${title}（编号 ${s.id}）。${w.waits}\n\n请打开以下链接审核（${w.decide}）：\n${s.link}\n\n您收到此邮件是因为您是该应用的审核人（所有者或管理员）。`,
      };
    case 'fr':
      return {
        to,
        subject: `À revoir : ${w.what}${title} de ${app}`,
        text: `${author} a enregistré le ${w.noun} ${title} (n° ${s.id}) dans l’application ${app} sur Beacon. ${w.waits}\n\nOuvrez ce lien pour le revoir (${w.decide}) :\n${s.link}\n\nVous recevez ce message parce que vous relisez les ${w.reviews} de cette application (propriétaire ou gestionnaire).`,
      };
    case 'en':
      return {
        to,
        subject: `Waiting for your review: ${w.what}${title} in ${app}`,
        text: `${author} saved the ${w.noun} ${title} (id ${s.id}) in the app ${app} on Beacon. ${w.waits}\n\nOpen this link to review it (${w.decide}):\n${s.link}\n\nYou get this mail because you review the ${w.reviews} of this app (owner or manager).`,
      };
  }
}

/** To the author when a reviewer passed it: a message is scheduled now, a material usable in messages. */
export function reviewPassedMail(
  to: string,
  s: ReviewMailSubject,
  reviewer: string,
  lang: MessageLang,
): Mail {
  const w = wordsOf(lang, s);
  const title = quoted(lang, s.title);
  const app = quoted(lang, s.appTitle);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `审核通过：${app}中的${w.what}${title}`,
        text: `${reviewer} 已通过您在应用${app}中的${w.noun}${title}（编号 ${s.id}），${w.passedThen}。\n\n查看：\n${s.link}`,
      };
    case 'fr':
      return {
        to,
        subject: `Revue acceptée : ${w.what}${title} de ${app}`,
        text: `${reviewer} a ${w.passed} votre ${w.noun} ${title} (n° ${s.id}) de l’application ${app} : ${w.passedThen}.\n\nLe voir :\n${s.link}`,
      };
    case 'en':
      return {
        to,
        subject: `Review passed: ${w.what}${title} in ${app}`,
        text: `${reviewer} ${w.passed} your ${w.noun} ${title} (id ${s.id}) in the app ${app}: ${w.passedThen}.\n\nSee it:\n${s.link}`,
      };
  }
}

/** To the author when a reviewer rejected it, with the reviewer's reason. */
export function reviewRejectedMail(
  to: string,
  s: ReviewMailSubject,
  reviewer: string,
  reason: string,
  lang: MessageLang,
): Mail {
  const w = wordsOf(lang, s);
  const title = quoted(lang, s.title);
  const app = quoted(lang, s.appTitle);
  switch (lang) {
    case 'zh':
      return {
        to,
        subject: `审核驳回：${app}中的${w.what}${title}`,
        text: `${reviewer} 驳回了您在应用${app}中的${w.noun}${title}（编号 ${s.id}），${w.rejectedThen}。\n\n驳回原因：\n${reason}\n\n修改后可重新提交：\n${s.link}`,
      };
    case 'fr':
      return {
        to,
        subject: `Revue refusée : ${w.what}${title} de ${app}`,
        text: `${reviewer} a refusé votre ${w.noun} ${title} (n° ${s.id}) de l’application ${app} : ${w.rejectedThen}.\n\nMotif :\n${reason}\n\nVous pouvez le modifier et le soumettre à nouveau :\n${s.link}`,
      };
    case 'en':
      return {
        to,
        subject: `Review rejected: ${w.what}${title} in ${app}`,
        text: `${reviewer} rejected your ${w.noun} ${title} (id ${s.id}) in the app ${app}: ${w.rejectedThen}.\n\nReason:\n${reason}\n\nYou may edit it and submit it again:\n${s.link}`,
      };
  }
}
