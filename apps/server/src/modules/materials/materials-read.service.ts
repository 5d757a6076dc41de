import {
  MaterialStatus as S,
  type MaterialDetail,
  type MaterialListRequest,
  type MaterialReportRow,
  type MaterialRow,
  type MultiLangEntry,
} from '@beacon/shared';
import { scheduleInstant } from '../../delivery/engine';
import { materialNotFound as notFound } from './material-content';
import { toDetail, toReportRow, toRow } from './materials.presenter';
import type { MaterialsRepository } from './materials.repository';
import { LIVE_STATUSES } from './materials.writer';

const DAY_MS = 24 * 3600 * 1000;

/** The material screens' reads: the lists (with the message list's counters), the detail, languages and report. */
export class MaterialsReadService {
  constructor(private readonly repo: MaterialsRepository) {}

  /**
   * getMaterialList (target 1: live materials, 2: the recycle bin) and getMaterialAuditList (`audit`: passed,
   * waiting and rejected, or the status asked), with the filters of the request; 20 a page.
   */
  async list(
    appId: number,
    q: MaterialListRequest,
    which: 'list' | 'audit',
  ): Promise<{ material: MaterialRow[]; total: number }> {
    const statuses =
      which === 'list' && q.target === 2 ? [S.DELETED] : q.status === '' ? LIVE_STATUSES : [q.status];
    const { rows, total } = await this.repo.list(appId, {
      materialType: q.materialType,
      statuses,
      title: q.title,
      ownerEmail: q.ownerEmail,
      createType: q.createType === '' ? undefined : q.createType,
      materialId: q.materialId,
      // the creation dates as days of the zone asked: [begin 00:00, end + 1 day 00:00)
      from: q.begin ? scheduleInstant(`${q.begin} 00:00:00`, q.tz) : undefined,
      to: q.end ? new Date(scheduleInstant(`${q.end} 00:00:00`, q.tz).getTime() + DAY_MS) : undefined,
      order: q.order,
      pageNo: q.pageNo,
      pageSize: q.pageSize,
    });
    return { material: rows.map(toRow), total };
  }

  async detail(appId: number, id: number): Promise<MaterialDetail> {
    const m = await this.repo.find(appId, id);
    if (!m) throw notFound();
    return toDetail(m);
  }

  /** getMaterialSubList: the material's languages. */
  async languages(appId: number, id: number): Promise<{ material: MultiLangEntry[] }> {
    const m = await this.repo.find(appId, id);
    if (!m) throw notFound();
    return { material: m.multiLangContent };
  }

  /** getMaterialReport: each message sent from the material, newest first, with the message list's counters. */
  async report(
    appId: number,
    id: number,
    page: { pageNo: number; pageSize: number },
  ): Promise<{ msgReport: MaterialReportRow[]; total: number }> {
    if (!(await this.repo.find(appId, id))) throw notFound();
    const { rows, total } = await this.repo.messages(appId, id, page);
    return { msgReport: rows.map(toReportRow), total };
  }
}
