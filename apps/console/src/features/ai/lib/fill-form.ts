import { MessageType, type ReplyItem } from '@beacon/shared';

/** Where a suggestion goes: the main content, or one language of the multi-language editor. */
export const MAIN_CONTENT = '';

type FieldPath = Array<string | number>;

export interface FilledField {
  name: FieldPath;
  value: string;
}

/** The compose fields a suggestion reads (a notification's or a cross message's); the others are left alone. */
export interface FormFacts {
  design?: unknown;
  crossJson?: unknown;
  description?: unknown;
  /** the message-name field is on the form (a compose screen, a material), not elsewhere */
  hasDescription: boolean;
}

/** The cross message's JSON content as an object to merge into: the typed object, or a new one. */
function crossObject(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The form values a suggestion sets (part 2 §3 reply items, issue 16 "use buttons that fill the form"):
 * - a notification: title and description of the main content or of the chosen language, and the button of a custom
 *   design (a system design has none);
 * - a cross message: its JSON content gets `title`, `content` and (when given) `button`; an empty message name takes
 *   the title.
 */
export function suggestionFields(
  item: ReplyItem,
  msgType: number,
  facts: FormFacts,
  target: string = MAIN_CONTENT,
): FilledField[] {
  const title = (item.title ?? '').trim();
  const content = (item.content ?? '').trim();
  const button = (item.button ?? '').trim();
  if (msgType === MessageType.PASS_THROUGH) {
    const json = { ...crossObject(facts.crossJson), title, content, ...(button ? { button } : {}) };
    const fields: FilledField[] = [{ name: ['crossJson'], value: JSON.stringify(json, null, 2) }];
    const description = typeof facts.description === 'string' ? facts.description.trim() : '';
    if (facts.hasDescription && description === '')
      fields.push({ name: ['description'], value: title.slice(0, 100) });
    return fields;
  }
  const at = (field: string): FieldPath =>
    target === MAIN_CONTENT ? [field] : ['langContent', target, field];
  const fields: FilledField[] = [
    { name: at('title'), value: title },
    { name: at('desc'), value: content },
  ];
  if (facts.design === 3 && button) fields.push({ name: at('button'), value: button });
  return fields;
}
