import type { MessageLang } from './error-codes';
import { type Lang, type Pair, pick, RULES, type Rule, STATIC } from './validation-messages.rules';
import { SERVER_RULES, SERVER_STATIC } from './validation-messages.server';
import { builtinEnglish } from './validation-messages.en';
import { builtin, factsOf, type IssueLike } from './validation-messages.zod';

/**
 * The field messages of validation issues in French and Chinese. The server answers a refused input with the
 * catalogue's localized prefix and, after the field's name, the English message of the zod issue: one of our rules'
 * own messages (`message:`, `error:`, the helpers' texts of packages/shared/src) or one of zod's built-in English
 * messages. A message reads after a field name, as a predicate ("title must be at most 80 characters"), and so does
 * its translation ("title doit contenir au plus 80 caractères", "title 最多 80 个字符").
 *
 * The translation, in order: (a) the exact catalogue of our static messages; (b) patterns for our dynamic messages
 * (template literals), their values (numbers, lists, labels, step names) put back as they are, and the messages
 * built around another one ("line 2: …", "brand …", "a; b"); (c) zod's built-in messages, worded again from the
 * issue's fields; (d) a generic "is invalid" with the English text in parentheses, so that nothing is lost.
 * (a) and (b) are in validation-messages.rules.ts for our rules and validation-messages.server.ts for the server's own
 * field messages (its services' fieldError / codeError); (c) in validation-messages.zod.ts, and zod's English type and
 * key messages worded as predicates in validation-messages.en.ts.
 *
 * French puts a space before ":" and ";" (as the error catalogue does) and uses the typographic apostrophe.
 */

export type { IssueLike } from './validation-messages.zod';

/** Every pattern: our rules' (RULES) first, then the server's (SERVER_RULES). */
const ALL_RULES: readonly Rule[] = [...RULES, ...SERVER_RULES];

/** The parts of a "Languages" line of the material sheet (LANGUAGE_PARTS). */
const LINE_PARTS: Readonly<Record<string, Pair>> = {
  language: ['langue', '语言'],
  title: ['titre', '标题'],
  text: ['texte', '文本'],
  'expanded text': ['texte développé', '展开文本'],
  'button text': ['texte du bouton', '按钮文字'],
};

/** zod v4's built-in English messages (its `en` locale) begin so; none of ours does. */
const BUILTIN = /^(?:Invalid\b|Too (?:big|small): expected |Unrecognized keys?: )/;

/** A message of ours (a, b), or one built around ours (b); undefined when it is not known. */
function known(message: string, lang: Lang, depth: number): string | undefined {
  const pair = STATIC[message] ?? SERVER_STATIC[message];
  if (pair) return pick(pair, lang);
  for (const [pattern, fr, zh] of ALL_RULES) {
    const m = pattern.exec(message);
    if (!m) continue;
    const parts = m.slice(1).map((p) => p ?? '');
    const out = (lang === 'fr' ? fr : zh)(...parts);
    if (out !== undefined) return out;
  }
  if (depth >= 2 || BUILTIN.test(message)) return undefined;
  const inner = (text: string) => known(text, lang, depth + 1);

  // the problems of one cell of the material sheet, joined by "; "
  if (message.includes('; ')) {
    const parts = message.split('; ').map(inner);
    if (parts.every((p) => p !== undefined)) return parts.join(lang === 'fr' ? ' ; ' : '；');
  }
  // "line 2, title: …", "line 2: …" (the Languages cell), "FR: …" (a country of a list)
  let m = /^line (\d+), ([a-z ]+): (.+)$/.exec(message);
  const part = m && LINE_PARTS[m[2] ?? ''];
  if (m && part) {
    const rest = inner(m[3] ?? '');
    if (rest !== undefined)
      return lang === 'fr' ? `ligne ${m[1]}, ${part[0]} : ${rest}` : `第 ${m[1]} 行${part[1]}：${rest}`;
  }
  m = /^line (\d+): (.+)$/.exec(message);
  if (m) {
    const rest = inner(m[2] ?? '');
    if (rest !== undefined) return lang === 'fr' ? `ligne ${m[1]} : ${rest}` : `第 ${m[1]} 行：${rest}`;
  }
  m = /^([^\s:]+): (.+)$/.exec(message);
  if (m) {
    const rest = inner(m[2] ?? '');
    if (rest !== undefined) return lang === 'fr' ? `${m[1]} : ${rest}` : `${m[1]}：${rest}`;
  }
  // an app's title (spaces and all), then one of our messages: a group send's refusal in one of its apps
  // (group-sends.service.ts, "Daily News: must not exceed the audience (1200 devices)")
  for (let at = message.indexOf(': '); at > 0; at = message.indexOf(': ', at + 1)) {
    const rest = inner(message.slice(at + 2));
    if (rest !== undefined)
      return lang === 'fr' ? `${message.slice(0, at)} : ${rest}` : `${message.slice(0, at)}：${rest}`;
  }
  // a subject, then one of our predicates: "brand may hold only …", "pt-XX is not a language code …",
  // "data.noti_type must be 1 …" (a path the sheet could not place)
  for (let at = message.indexOf(' '); at > 0; at = message.indexOf(' ', at + 1)) {
    const rest = known(message.slice(at + 1), lang, 2);
    if (rest !== undefined) return `${message.slice(0, at)} ${rest}`;
  }
  return undefined;
}

/** (d) Nothing known: "is invalid" and the English text, so that nothing is lost. */
const unknownMessage = (message: string, lang: Lang) =>
  lang === 'fr' ? `est invalide (${message})` : `无效（${message}）`;

/**
 * The issue's message in `lang`: fr/zh translate it; 'en' returns `message` unchanged, except zod's built-in type and
 * key messages, worded as predicates (builtinEnglish).
 */
export function localizeIssueMessage(
  message: string,
  issue: IssueLike | undefined,
  lang: MessageLang,
): string {
  if (lang === 'en') {
    if (!BUILTIN.test(message) && !(message === '' && issue?.code)) return message;
    return builtinEnglish(factsOf(message, issue)) ?? message;
  }
  const ours = known(message, lang, 0);
  if (ours !== undefined) return ours;
  if (BUILTIN.test(message) || (message === '' && issue?.code)) return builtin(factsOf(message, issue), lang);
  return unknownMessage(message, lang);
}
