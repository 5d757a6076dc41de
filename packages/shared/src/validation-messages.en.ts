import type { Facts } from './validation-messages.zod';

/**
 * zod's English built-in messages, worded again as the predicates our rules' own messages are (validation-messages.ts
 * calls it for 'en'; validation-messages.zod.ts words them in French and Chinese).
 */

/** The types zod names in invalid_type, as an English predicate reads them ("must be a number"). */
const ENGLISH_TYPE_NAMES: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a big integer (bigint)',
  boolean: 'true or false',
  date: 'a date',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  file: 'a file',
};

/**
 * zod's English built-in messages that do not read after a field's name, worded as a predicate like the rules' own
 * ("gaid is required", not "gaid Invalid input: expected string, received undefined"); undefined: zod's message reads
 * well enough ("Too big: expected string to have <=80 characters") and is kept.
 */
export function builtinEnglish(f: Facts): string | undefined {
  switch (f.code) {
    case 'invalid_type': {
      if (f.missing) return 'is required';
      const expected = f.expected ?? '';
      if (expected === 'undefined' || expected === 'never' || expected === 'void') return 'must not be given';
      const name = ENGLISH_TYPE_NAMES[expected];
      return name ? `must be ${name}` : `must be of type ${expected}`;
    }
    case 'unrecognized_keys': {
      const keys = f.list ?? [];
      return `has ${keys.length > 1 ? 'unknown keys' : 'an unknown key'}: ${keys.join(', ')}`;
    }
    default:
      return undefined;
  }
}
