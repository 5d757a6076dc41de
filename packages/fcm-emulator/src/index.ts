export { startEmulator } from './emulator';
export { signRs256 } from './jwt';
export type {
  Delivery,
  DeviceSpec,
  EmulatorOptions,
  EmulatorStats,
  FaultSpec,
  FcmEmulator,
  QuotaSettings,
  ServiceAccountJson,
  Transport,
} from './types';
export * from './fleet';
