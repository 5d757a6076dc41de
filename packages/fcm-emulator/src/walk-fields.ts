import { badRequest, type Reply } from './errors';
import { type FieldType, type ObjectType, type ScalarKind } from './message-schema';

/** The first unknown-field error (§6.3 step 3) and the first type error (step 5) found in one pass. */
export interface WalkResult {
  unknown?: Reply;
  typeError?: Reply;
}

const DURATION = /^-?\d+(\.\d{1,9})?s$/;

const SCALAR_LABEL: Record<ScalarKind, string> = {
  string: 'TYPE_STRING',
  bool: 'TYPE_BOOL',
  int32: 'TYPE_INT32',
  float: 'TYPE_FLOAT',
  duration: 'type.googleapis.com/google.protobuf.Duration',
  timestamp: 'type.googleapis.com/google.protobuf.Timestamp',
  stringMap: 'TYPE_STRING',
  stringList: 'TYPE_STRING',
  durationList: 'type.googleapis.com/google.protobuf.Duration',
  any: 'TYPE_MESSAGE',
};

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function invalidValue(path: string, label: string, value: unknown): Reply {
  return badRequest(path, `Invalid value at '${path}' (${label}), ${JSON.stringify(value)}`);
}

function isScalarOk(
  kind: 'string' | 'bool' | 'int32' | 'float' | 'duration' | 'timestamp',
  v: unknown,
): boolean {
  switch (kind) {
    case 'string':
      return typeof v === 'string';
    case 'bool':
      return typeof v === 'boolean';
    case 'int32':
      return (
        (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 2 ** 31) ||
        (typeof v === 'string' && /^-?\d+$/.test(v))
      );
    case 'float':
      return typeof v === 'number';
    case 'duration':
      return typeof v === 'string' && DURATION.test(v);
    case 'timestamp':
      return typeof v === 'string' && !Number.isNaN(Date.parse(v));
  }
}

function checkField(type: FieldType, v: unknown, path: string, result: WalkResult): void {
  if (typeof type === 'object') {
    if (type.kind === 'object') {
      if (!isPlainObject(v))
        result.typeError ??= invalidValue(
          path,
          `type.googleapis.com/google.firebase.fcm.v1.${type.typeName}`,
          v,
        );
      else walkObject(v, type, path, result);
      return;
    }
    const ok =
      (typeof v === 'string' && type.values.includes(v.toUpperCase())) ||
      (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < type.values.length);
    if (!ok)
      result.typeError ??= invalidValue(
        path,
        `type.googleapis.com/google.firebase.fcm.v1.${type.typeName}`,
        v,
      );
    return;
  }
  if (result.typeError !== undefined) return;
  switch (type) {
    case 'any':
      if (!isPlainObject(v)) result.typeError ??= invalidValue(path, SCALAR_LABEL.any, v);
      return;
    case 'stringMap':
      checkStringMap(v, path, result);
      return;
    case 'stringList':
    case 'durationList': {
      const item = type === 'stringList' ? 'string' : 'duration';
      if (!Array.isArray(v)) {
        result.typeError ??= invalidValue(path, SCALAR_LABEL[type], v);
        return;
      }
      const bad = v.findIndex((x) => !isScalarOk(item, x));
      if (bad >= 0) result.typeError ??= invalidValue(`${path}[${bad}]`, SCALAR_LABEL[type], v[bad]);
      return;
    }
    case 'string':
    case 'bool':
    case 'int32':
    case 'float':
    case 'duration':
    case 'timestamp':
      if (!isScalarOk(type, v)) result.typeError ??= invalidValue(path, SCALAR_LABEL[type], v);
      return;
  }
}

function checkStringMap(v: unknown, path: string, result: WalkResult): void {
  if (!isPlainObject(v)) {
    result.typeError ??= invalidValue(
      path,
      'type.googleapis.com/google.firebase.fcm.v1.Message.DataEntry',
      v,
    );
    return;
  }
  if (result.typeError !== undefined) return;
  let i = 0;
  for (const key in v) {
    const value = v[key];
    if (typeof value !== 'string') {
      result.typeError = invalidValue(`${path}[${i}].value`, 'TYPE_STRING', value);
      return;
    }
    i++;
  }
}

/**
 * Walks a parsed JSON object against its proto type, accepting proto and lowerCamelCase names and `null`
 * as "unset". Records the first unknown field and the first type error without throwing.
 */
export function walkObject(
  obj: Record<string, unknown>,
  type: ObjectType,
  path: string,
  result: WalkResult,
): void {
  for (const key in obj) {
    const entry = type.fields.get(key);
    if (entry === undefined) {
      if (result.unknown === undefined) {
        const where = path === '' ? '' : ` at '${path}'`;
        result.unknown = badRequest(
          path,
          `Invalid JSON payload received. Unknown name "${key}"${where}: Cannot find field.`,
        );
      }
      continue;
    }
    const value = obj[key];
    if (value === null || value === undefined) continue;
    const [name, fieldType] = entry;
    checkField(fieldType, value, path === '' ? name : `${path}.${name}`, result);
  }
}
