export { Fleet, type FleetOptions, type FleetStats } from './fleet';
export { type FleetBehaviour, BEHAVIOUR_DEFAULTS } from './device-behaviour';
export { batteryKilled, type BatteryKiller } from './battery-killer';
export {
  FLEET_SHARE_DEFAULTS,
  generateFleetDevices,
  registerBody,
  type FleetAttributes,
  type FleetDevice,
  type FleetShares,
  type RegisterBody,
} from './fleet-devices';
export { COUNTRIES } from './fleet-data';
export {
  ACTIVITY_DEFAULTS,
  fleetPeople,
  liveActivity,
  PERSONAL_DEFAULTS,
  type ActivityOptions,
  type LiveEvent,
  type FleetPerson,
  type PersonalOptions,
  type TrackedEvent,
} from './personal';
