export { ConditionBuilder, type ConditionBuilderProps } from './condition-builder';
export type { ConditionDictionaries, DictOption } from './types';
