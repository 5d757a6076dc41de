/**
 * How a message's content moves a simulated device's show and click chances: a pure, documented function of what an
 * operator can change (the title's length, an emoji in it, a picture, the title's writing system against the
 * device's language), so that two clearly different contents get different rates and a demo A/B test can find a
 * winner. The README's "Behaviour" section states the same rule.
 */

/** The traits of one delivered message, as its data map shows them to one device. */
export interface ContentTraits {
  /** characters (code points) of `noti_title` */
  titleLength: number;
  /** `noti_title` holds an emoji (a pictographic character) */
  emoji: boolean;
  /** the message carries a picture: a non-empty `noti_img_ex` (the expanded picture) */
  picture: boolean;
  /**
   * the title is written in the device language's writing system (Latin for en, fr, pt_BR, sw, ha…, Devanagari for
   * hi and mr, Arabic for ar, ar_MA, ur…); a title without letters matches every language
   */
  languageMatch: boolean;
}

/** The factors of the rule; each multiplies the fleet's `pShown` or `pClicked`. */
export const ENGAGEMENT = {
  /** a title of at most this many characters is short */
  shortTitleMax: 40,
  /** click factor of a title longer than shortTitleMax (cut by the notification shade) */
  longTitleClick: 0.7,
  /** click factor of an emoji in the title */
  emojiClick: 1.3,
  /** click factor of a picture */
  pictureClick: 1.5,
  /** show factor of a picture: a picture that fails to download fails the rendering (show_failed 12) */
  pictureShow: 0.97,
  /** click factor of a title in another writing system than the device's language */
  otherLanguageClick: 0.5,
} as const;

/** The show and click chances of one message on one device. */
export interface Chances {
  pShown: number;
  pClicked: number;
}

/**
 * The chances for a message with `traits`, from the fleet's base chances (those of a short title, no emoji, no
 * picture, in the device's language): `pShown × 0.97 with a picture`; `pClicked × 0.7 for a long title × 1.3 with an
 * emoji × 1.5 with a picture × 0.5 in another writing system`, each at most 1.
 */
export function contentChances(base: Chances, traits: ContentTraits): Chances {
  const e = ENGAGEMENT;
  let shown = base.pShown;
  let clicked = base.pClicked;
  if (traits.titleLength > e.shortTitleMax) clicked *= e.longTitleClick;
  if (traits.emoji) clicked *= e.emojiClick;
  if (traits.picture) {
    clicked *= e.pictureClick;
    shown *= e.pictureShow;
  }
  if (!traits.languageMatch) clicked *= e.otherLanguageClick;
  return { pShown: Math.min(1, shown), pClicked: Math.min(1, clicked) };
}

const EMOJI = /\p{Extended_Pictographic}/u;
const LETTER = /\p{L}/u;

/** The writing systems the fleet's languages use, and how to recognise a letter of each. */
const SCRIPTS = {
  Latin: /\p{Script=Latin}/u,
  Devanagari: /\p{Script=Devanagari}/u,
  Arabic: /\p{Script=Arabic}/u,
  Bengali: /\p{Script=Bengali}/u,
  Tamil: /\p{Script=Tamil}/u,
  Telugu: /\p{Script=Telugu}/u,
  Cyrillic: /\p{Script=Cyrillic}/u,
  Han: /\p{Script=Han}/u,
  Thai: /\p{Script=Thai}/u,
} as const;
type Script = keyof typeof SCRIPTS;

/** The writing system of a language (its base: `ar_MA` → `ar`); Latin when not listed. */
const LANGUAGE_SCRIPT: Record<string, Script> = {
  hi: 'Devanagari',
  mr: 'Devanagari',
  ne: 'Devanagari',
  ar: 'Arabic',
  ur: 'Arabic',
  fa: 'Arabic',
  bn: 'Bengali',
  ta: 'Tamil',
  te: 'Telugu',
  ru: 'Cyrillic',
  uk: 'Cyrillic',
  zh: 'Han',
  th: 'Thai',
};

export function languageScript(language: string): Script {
  return LANGUAGE_SCRIPT[language.split(/[_-]/)[0]?.toLowerCase() ?? ''] ?? 'Latin';
}

/** The writing system most of the text's letters are in; undefined without letters (or in an unlisted one). */
export function textScript(text: string): Script | undefined {
  const counts = new Map<Script, number>();
  for (const ch of text) {
    if (!LETTER.test(ch)) continue;
    for (const [script, re] of Object.entries(SCRIPTS) as Array<[Script, RegExp]>)
      if (re.test(ch)) {
        counts.set(script, (counts.get(script) ?? 0) + 1);
        break;
      }
  }
  let best: Script | undefined;
  for (const [script, n] of counts) if (best === undefined || n > (counts.get(best) ?? 0)) best = script;
  return best;
}

/** The traits of a message's data map (`noti_title`, `noti_img_ex`) for a device speaking `deviceLanguage`. */
export function contentTraits(data: Record<string, string>, deviceLanguage: string): ContentTraits {
  const title = data.noti_title ?? '';
  const script = textScript(title);
  return {
    titleLength: [...title].length,
    emoji: EMOJI.test(title),
    picture: (data.noti_img_ex ?? '').trim() !== '',
    languageMatch: script === undefined || script === languageScript(deviceLanguage),
  };
}
