import { ErrorCodes, type MessageLang, type TestDevice, type TestDeviceFields } from '@beacon/shared';
import { ApiError } from '../../lib/api-error';
import type { TestDeviceRow, TestDevicesRepository } from './test-devices.repository';

function toTestDevice(row: TestDeviceRow): TestDevice {
  return {
    id: row.id,
    name: row.name,
    desc: row.description,
    gaid: row.gaid,
    valid: row.valid ? 1 : 0,
    updateTime: new Date(row.updated_at).toISOString(),
  };
}

const repeated = (lang: MessageLang) =>
  lang === 'zh'
    ? 'gaid：该应用已有此 GAID 的测试设备'
    : lang === 'fr'
      ? 'gaid : cette application a déjà un appareil de test avec ce GAID'
      : 'gaid: this app already has a test device with this GAID';

function duplicate(): ApiError {
  // business codes travel with HTTP 200, whose body must match the call's schema: no field list here
  return new ApiError(ErrorCodes.GAID_REPEATED, repeated);
}

/** Test devices of an app (part 1 §3): name, description, GAID unique per app, validity from the device table. */
export class TestDevicesService {
  constructor(private readonly repo: TestDevicesRepository) {}

  async list(
    appId: number,
    keyword: string,
    pageNo: number,
    pageSize: number,
  ): Promise<{ results: TestDevice[]; total: number }> {
    const { rows, total } = await this.repo.list(appId, keyword, (pageNo - 1) * pageSize, pageSize);
    return { results: rows.map(toTestDevice), total };
  }

  async get(appId: number, id: number): Promise<TestDevice> {
    const row = await this.repo.find(appId, id);
    if (!row) throw new ApiError(ErrorCodes.NOT_FOUND);
    return toTestDevice(row);
  }

  async create(appId: number, fields: TestDeviceFields, userId: number): Promise<TestDevice> {
    const id = await this.repo.insert(
      appId,
      { name: fields.name, description: fields.desc, gaid: fields.gaid },
      userId,
    );
    if (id === undefined) throw duplicate();
    return this.get(appId, id);
  }

  async edit(appId: number, id: number, fields: TestDeviceFields): Promise<TestDevice> {
    const result = await this.repo.update(appId, id, {
      name: fields.name,
      description: fields.desc,
      gaid: fields.gaid,
    });
    if (result === 'missing') throw new ApiError(ErrorCodes.NOT_FOUND);
    if (result === 'duplicate') throw duplicate();
    return this.get(appId, id);
  }

  async remove(appId: number, id: number): Promise<void> {
    if (!(await this.repo.delete(appId, id))) throw new ApiError(ErrorCodes.NOT_FOUND);
  }
}
