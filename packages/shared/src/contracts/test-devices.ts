import { z } from 'zod';
import { defineCall } from '../call';
import { CONFIG_LIMITS } from '../limits';
import { numberInput } from '../numbers';
import { singleLineText } from '../text';
import { AppIdParams } from './apps';
import { Gaid } from './devices';

const RowId = z.number('is required').int().positive();

/** The editable fields of a test device (part 1 §5): name ≤ 15, description ≤ 30, GAID 8-4-4-4-12 hex. */
export const TestDeviceFields = z.object({
  name: singleLineText({
    typeMessage: 'is required',
    required: true,
    max: CONFIG_LIMITS.testDeviceNameMax,
    maxMessage: `must be at most ${CONFIG_LIMITS.testDeviceNameMax} characters`,
  }),
  desc: singleLineText({
    max: CONFIG_LIMITS.testDeviceDescMax,
    maxMessage: `must be at most ${CONFIG_LIMITS.testDeviceDescMax} characters`,
  })
    .optional()
    .default(''),
  gaid: z.string('is required').trim().pipe(Gaid),
});
export type TestDeviceFields = z.output<typeof TestDeviceFields>;

export const TestDevice = z.object({
  id: z.number().int(),
  name: z.string(),
  desc: z.string(),
  gaid: z.string(),
  /** 1 when the app's devices include this GAID (it can receive a test push), else 0. */
  valid: z.number().int(),
  updateTime: z.string(),
});
export type TestDevice = z.infer<typeof TestDevice>;

export const TestDeviceListRequest = z.object({
  keyword: singleLineText({ max: 50 }).optional().default(''),
  pageNo: numberInput(z.number().int().min(1)).default(1),
  pageSize: numberInput(z.number().int().min(1).max(100)).default(CONFIG_LIMITS.testDevicesPageSize),
});
export type TestDeviceListRequest = z.infer<typeof TestDeviceListRequest>;

export const TestDeviceEditRequest = TestDeviceFields.extend({ id: RowId });
export type TestDeviceEditRequest = z.output<typeof TestDeviceEditRequest>;

export const TestDeviceIdRequest = z.object({ id: RowId });

const base = '/tcm/v1/app/:appId/device';

export const testDeviceCalls = {
  list: defineCall({
    method: 'POST',
    path: `${base}/list`,
    summary: 'Test devices with their validity (any project member)',
    params: AppIdParams,
    body: TestDeviceListRequest,
    data: z.object({ results: z.array(TestDevice), total: z.number().int() }),
  }),
  detail: defineCall({
    method: 'POST',
    path: `${base}/detail`,
    summary: 'One test device',
    params: AppIdParams,
    body: TestDeviceIdRequest,
    data: TestDevice,
  }),
  create: defineCall({
    method: 'POST',
    path: `${base}/create`,
    summary: 'Add a test device (GAID unique per app)',
    params: AppIdParams,
    body: TestDeviceFields,
    data: TestDevice,
  }),
  edit: defineCall({
    method: 'POST',
    path: `${base}/edit`,
    summary: 'Edit a test device',
    params: AppIdParams,
    body: TestDeviceEditRequest,
    data: TestDevice,
  }),
  remove: defineCall({
    method: 'POST',
    path: `${base}/delete`,
    summary: 'Delete a test device',
    params: AppIdParams,
    body: TestDeviceIdRequest,
    data: z.object({}).optional(),
  }),
};
