/**
 * The delivery engine's public entry: the only file imported from outside delivery/engine (eslint.config.js).
 * app.ts builds the runtime and wires the ports; messages and troubleshooting plan and explain audiences and waves.
 */
export { DeliveryRuntime, type DeliveryRuntimeOptions } from './runtime';
export { capCounts, policyBinding, windowCapsFor } from './policy-binding';
export { buildData, deviceData, payloadOf, RENDER_FAILED, type PayloadMessage } from './payload';
export { deviceTemplateSql, deviceTemplateValues, noTemplateValues } from './template-sql';
export type {
  AuthFailureSink,
  DecidedSends,
  DeliveryMetrics,
  PlatformLimits,
  PlatformLimitsSource,
  PolicySource,
  TemplateValues,
  SendCounter,
} from './ports';
export {
  decide,
  filterDevice,
  INACTIVE_MS,
  LOSS,
  withMaterialCountries,
  type FilterFacts,
  type OwnRules,
  type PolicyFilter,
  type Verdict,
} from './filters';
export type { PageDevice } from './batch.repository';
export {
  AB_BUCKETS,
  abBucketSql,
  audienceOf,
  bestSlotsQuery,
  holdoutParams,
  holdoutsOf,
  holdoutWhenSql,
  TargetingError,
  type BestHourPlan,
  type Holdout,
  type AudienceSplit,
  type TargetingSpec,
} from './audience-source';
export {
  CONTROL_WAVE,
  minuteOfDay,
  planWaves,
  scheduleInstant,
  wallClockUtc,
  type PlannedWave,
} from './scheduler';
export type { DeliveryEngine } from './engine';
export type { EngineRepository } from './engine.repository';
export { projectRateShare } from './engine.repository';
export { fcmNameOf, OPEN_OUTCOMES, packedFcmName, SendOutcome, WaveStatus } from './kinds';
