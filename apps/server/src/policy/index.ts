/** The send-time policy evaluator: pure `evaluate` / `nextAllowedTime` over a `PolicySnapshot` from `loadPolicySnapshot`. */
export {
  evaluate,
  isInWindow,
  isProtected,
  modelKey,
  monthsSince,
  nextAllowedTime,
  PROTECT_ALWAYS,
} from './policy-evaluator';
export { dailyLimitsOf, KIND_OPTION } from './daily-limits';
export { loadPolicySnapshot, type LoadPolicyOptions } from './policy-loader';
export type * from './policy-types';
