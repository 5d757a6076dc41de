import { type Rule } from 'antd/es/form';
import { type TFunction } from 'i18next';
import {
  brandProblem,
  modelProblem,
  protectProblem,
  type ModelField,
  type ModelFieldProblem,
} from '@beacon/shared';

/** The localised text of a field problem (shared by the form and the upload preview). */
export function problemText(t: TFunction, field: string, problem: string): string {
  if (problem === 'invalid' && ['type', 'brand', 'model'].includes(field))
    return t(`modelControl.invalid.${field}`);
  return t(`modelControl.problem.${problem}`, {
    field: t(`modelControl.field.${field}`, { defaultValue: field }),
    defaultValue: problem,
  });
}

const ruleOf =
  (t: TFunction, field: ModelField, check: (v: string) => ModelFieldProblem | undefined): Rule =>
  () => ({
    validator: (_rule, value: unknown) => {
      const problem = check(
        typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '',
      );
      return problem ? Promise.reject(new Error(problemText(t, field, problem))) : Promise.resolve();
    },
  });

/** Form rules from the shared checks of part 1 §5 (the server applies the same ones). */
export const modelRules = {
  brand: (t: TFunction) => [ruleOf(t, 'brand', brandProblem)],
  model: (t: TFunction) => [ruleOf(t, 'model', modelProblem)],
  protect: (t: TFunction, field: 'protectDefault' | 'protectNewMarket') => [ruleOf(t, field, protectProblem)],
};
