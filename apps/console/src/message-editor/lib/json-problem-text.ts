import { type TFunction } from 'i18next';

/**
 * Why a JSON text fails, in the console language: `problem` a JsonProblem code of @beacon/shared
 * (`compose.json.problem.*`), `expected` filling those that say what was expected.
 */
export function jsonReasonText(t: TFunction, problem: string, expected?: string | number): string {
  // findJsonError lists the choices in English ('"," or "}"'): the "or" is worded here
  const choices = String(expected ?? '')
    .split(' or ')
    .join(t('compose.json.or'));
  return t(`compose.json.problem.${problem}`, { expected: choices });
}

/** Where and why a JSON text fails, in the console language: "Line 3, column 1: Trailing comma". */
export function jsonSyntaxText(
  t: TFunction,
  e: { line: number; column: number; problem: string; expected?: string | number },
): string {
  return t('compose.json.syntaxAt', {
    line: e.line,
    column: e.column,
    reason: jsonReasonText(t, e.problem, e.expected),
  });
}
