import { findJsonError, textOfBase64 } from '@beacon/shared';

/** A JSON text indented by two spaces, or undefined when it is not JSON. */
export function prettyJson(text: string): string | undefined {
  if (findJsonError(text)) return undefined;
  return JSON.stringify(JSON.parse(text), null, 2);
}

/**
 * The pretty JSON a base64 field of a cross message holds (`trans_data`, `enlive_data`): its raw text when that is
 * not JSON, '' when absent or not base64 of UTF-8.
 */
export function prettyJsonOfBase64(b64: unknown): string {
  if (typeof b64 !== 'string' || b64 === '') return '';
  const text = textOfBase64(b64);
  if (text === undefined) return '';
  return prettyJson(text) ?? text;
}
