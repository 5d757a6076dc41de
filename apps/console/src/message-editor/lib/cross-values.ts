import { base64OfText, cleanCrossJson, findJsonError, type JsonSyntaxError } from '@beacon/shared';
import { prettyJsonOfBase64 } from '../../lib/json-text';
import { type MessageKind } from './message-kind';

/** The cross and pull-up fields of the compose form. */
export interface CrossValues {
  /** The content as typed: a JSON object, sent as `trans_data`. */
  crossJson: string;
  /** Pull-up: the package and activity brought to the foreground, and the intent extras as typed (JSON). */
  enlivePackage: string;
  enliveActivity: string;
  enliveJson: string;
  /** `noti_layout_id` of a loaded message, kept as it was (no field edits it). */
  layoutId: number | string | undefined;
}

/** A new cross message (empty content); a pull-up starts with the app's own package. */
export function emptyCross(kind: MessageKind, appPackage = ''): CrossValues {
  return {
    crossJson: '',
    enlivePackage: kind === 'pullup' ? appPackage : '',
    enliveActivity: '',
    enliveJson: '',
    layoutId: undefined,
  };
}

/** The form's cross fields for a saved message's data (base64 decoded back into pretty JSON). */
export function crossFromData(data: Record<string, unknown>): CrossValues {
  const layout = data.noti_layout_id;
  return {
    crossJson: prettyJsonOfBase64(data.trans_data),
    enlivePackage: typeof data.enlive_package === 'string' ? data.enlive_package : '',
    enliveActivity: typeof data.enlive_activity === 'string' ? data.enlive_activity : '',
    enliveJson: prettyJsonOfBase64(data.enlive_data),
    layoutId: typeof layout === 'number' || typeof layout === 'string' ? layout : undefined,
  };
}

/** Why a JSON field's text cannot be sent: where its syntax fails, or that it is not an object. */
export type JsonProblem = ({ kind: 'syntax' } & JsonSyntaxError) | { kind: 'object' };

export function jsonProblem(text: string): JsonProblem | undefined {
  const cleaned = cleanCrossJson(text);
  if (cleaned.ok) return undefined;
  return findJsonError(text) ? { kind: 'syntax', ...cleaned.error } : { kind: 'object' };
}

/** A pull-up's content may be left empty: it is then sent as `{}`. */
export const contentTextOf = (v: Pick<CrossValues, 'crossJson'>, kind: MessageKind): string =>
  kind === 'pullup' && v.crossJson.trim() === '' ? '{}' : v.crossJson;

/**
 * The `data` of a cross message (part 2 §3): `trans_data` the base64 of the content with the reserved keys dropped
 * (cleanCrossJson), a loaded `noti_layout_id` kept, and for a pull-up `enlive_package`, `enlive_activity` and the
 * optional `enlive_data` (base64 JSON). A text that is not a JSON object leaves its field '' (validateCompose says why).
 */
export function crossData(v: CrossValues, kind: MessageKind): Record<string, unknown> {
  const content = cleanCrossJson(contentTextOf(v, kind));
  const out: Record<string, unknown> = {
    trans_data: content.ok ? base64OfText(JSON.stringify(content.value)) : '',
  };
  if (v.layoutId !== undefined) out.noti_layout_id = v.layoutId;
  if (kind !== 'pullup') return out;
  out.enlive_package = v.enlivePackage.trim();
  out.enlive_activity = v.enliveActivity.trim();
  if (v.enliveJson.trim() !== '')
    out.enlive_data = jsonProblem(v.enliveJson) ? '' : base64OfText(JSON.stringify(JSON.parse(v.enliveJson)));
  return out;
}
