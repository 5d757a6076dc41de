// The Android-relevant subset of the FCM v1 `Message` (reference §1.3), keyed by proto (snake_case) names.
export type ScalarKind =
  | 'string'
  | 'bool'
  | 'int32'
  | 'float'
  | 'duration'
  | 'timestamp'
  | 'stringMap'
  | 'stringList'
  | 'durationList'
  | 'any';

export interface EnumType {
  kind: 'enum';
  typeName: string;
  values: readonly string[];
}

export interface ObjectType {
  kind: 'object';
  typeName: string;
  /** both the proto name and its lowerCamelCase JSON name map to [proto name, type] */
  fields: ReadonlyMap<string, readonly [string, FieldType]>;
}

export type FieldType = ScalarKind | EnumType | ObjectType;

function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

function object(typeName: string, fields: Record<string, FieldType>): ObjectType {
  const map = new Map<string, readonly [string, FieldType]>();
  for (const [name, type] of Object.entries(fields)) {
    map.set(name, [name, type]);
    map.set(camel(name), [name, type]);
  }
  return { kind: 'object', typeName, fields: map };
}

function enumOf(typeName: string, values: readonly string[]): EnumType {
  return { kind: 'enum', typeName, values };
}

const color = object('Color', { red: 'float', green: 'float', blue: 'float', alpha: 'float' });

const lightSettings = object('LightSettings', {
  color,
  light_on_duration: 'duration',
  light_off_duration: 'duration',
});

const androidNotification = object('AndroidNotification', {
  title: 'string',
  body: 'string',
  icon: 'string',
  color: 'string',
  sound: 'string',
  tag: 'string',
  click_action: 'string',
  body_loc_key: 'string',
  body_loc_args: 'stringList',
  title_loc_key: 'string',
  title_loc_args: 'stringList',
  channel_id: 'string',
  ticker: 'string',
  sticky: 'bool',
  event_time: 'timestamp',
  local_only: 'bool',
  notification_priority: enumOf('AndroidNotification.NotificationPriority', [
    'PRIORITY_UNSPECIFIED',
    'PRIORITY_MIN',
    'PRIORITY_LOW',
    'PRIORITY_DEFAULT',
    'PRIORITY_HIGH',
    'PRIORITY_MAX',
  ]),
  default_sound: 'bool',
  default_vibrate_timings: 'bool',
  default_light_settings: 'bool',
  vibrate_timings: 'durationList',
  visibility: enumOf('AndroidNotification.Visibility', [
    'VISIBILITY_UNSPECIFIED',
    'PRIVATE',
    'PUBLIC',
    'SECRET',
  ]),
  notification_count: 'int32',
  light_settings: lightSettings,
  image: 'string',
  bypass_proxy_notification: 'bool',
  proxy: enumOf('AndroidNotification.Proxy', ['PROXY_UNSPECIFIED', 'ALLOW', 'DENY', 'IF_PRIORITY_LOWERED']),
});

const androidConfig = object('AndroidConfig', {
  collapse_key: 'string',
  priority: enumOf('AndroidMessagePriority', ['NORMAL', 'HIGH']),
  ttl: 'duration',
  restricted_package_name: 'string',
  data: 'stringMap',
  notification: androidNotification,
  fcm_options: object('AndroidFcmOptions', { analytics_label: 'string' }),
  direct_boot_ok: 'bool',
  bandwidth_constrained_ok: 'bool',
  restricted_satellite_ok: 'bool',
});

export const MESSAGE = object('Message', {
  name: 'string',
  data: 'stringMap',
  notification: object('Notification', { title: 'string', body: 'string', image: 'string' }),
  android: androidConfig,
  webpush: 'any',
  apns: 'any',
  fcm_options: object('FcmOptions', { analytics_label: 'string' }),
  token: 'string',
  topic: 'string',
  condition: 'string',
  fid: 'string',
});

export const SEND_REQUEST = object('SendMessageRequest', { validate_only: 'bool', message: MESSAGE });

export const TARGETS = ['token', 'topic', 'condition', 'fid'] as const;
export type TargetKind = (typeof TARGETS)[number];
