import { randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  brandProblem,
  countryName,
  describeModelIssue,
  isCountryCode,
  modelProblem,
  protectProblem,
  tierProblem,
  type MarketCountries,
  type MessageLang,
  type ModelEntry,
  type ModelEntryInput,
  type ModelFieldIssue,
  type ModelListRequest,
  type ModelUploadPreview,
  type ModelUploadRejected,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { Actor, ModelControlRepository, ModelRow, ModelValues } from './model-control.repository';
import { buildModelSheet, readModelSheet, type ModelSheetCells, type ModelSheetRow } from './model-sheet';

const LIST_NAME = { 1: 'ad shielding', 2: 'global shielding' } as const;

function toEntry(row: ModelRow): ModelEntry {
  const { updatedAt, ...rest } = row;
  return { ...rest, updateTime: updatedAt.toISOString() };
}

const sameValues = (a: ModelValues, b: ModelValues) =>
  a.type === b.type && a.protectDefault === b.protectDefault && a.protectNewMarket === b.protectNewMarket;

/** The problems of one spreadsheet row, field by field. */
function rowIssues(cells: ModelSheetCells): ModelFieldIssue[] {
  const checks: Array<[ModelFieldIssue['field'], ReturnType<typeof brandProblem>]> = [
    ['type', tierProblem(cells.type)],
    ['brand', brandProblem(cells.brand)],
    ['model', modelProblem(cells.model)],
    ['protectDefault', protectProblem(cells.protectDefault)],
    ['protectNewMarket', protectProblem(cells.protectNewMarket)],
  ];
  return checks.flatMap(([field, problem]) => (problem ? [{ field, problem }] : []));
}

/** Phone-model shielding lists (issue 5 item 2): entries, market countries, spreadsheet import and export. */
export class ModelControlService {
  constructor(private readonly repo: ModelControlRepository) {}

  async list(q: ModelListRequest): Promise<{ list: ModelEntry[]; total: number }> {
    const { rows, total } = await this.repo.list(
      q.shieldType,
      q.keyword,
      q.pageSize,
      (q.pageNo - 1) * q.pageSize,
    );
    return { list: rows.map(toEntry), total };
  }

  async add(input: ModelEntryInput, actor: Actor): Promise<number> {
    const id = await this.repo.insert(input, actor);
    if (id === undefined) throw this.duplicate(input);
    return id;
  }

  async edit(id: number, input: ModelEntryInput, actor: Actor): Promise<void> {
    const before = await this.repo.find(id);
    if (!before) throw new ApiError(ErrorCodes.NOT_FOUND);
    if (!(await this.repo.update(before, input, actor))) throw this.duplicate(input);
  }

  async remove(id: number, actor: Actor): Promise<void> {
    const before = await this.repo.find(id);
    if (!before) throw new ApiError(ErrorCodes.NOT_FOUND);
    await this.repo.delete(before, actor);
  }

  /** One list as an `.xlsx` in the template's columns. */
  async download(shieldType: 1 | 2): Promise<Buffer> {
    return buildModelSheet(LIST_NAME[shieldType], await this.repo.all(shieldType));
  }

  /** The empty template of a list. */
  template(shieldType: 1 | 2): Promise<Buffer> {
    return buildModelSheet(LIST_NAME[shieldType], []);
  }

  /**
   * Parses an uploaded sheet into a preview: rows to add, rows that change an entry, rows equal to an entry, and
   * refused rows with every reason (bad cells, or the same brand and model as an earlier row of the file). The
   * rows to apply are kept for `confirmUpload`.
   */
  async previewUpload(shieldType: 1 | 2, data: Buffer, userId: number): Promise<ModelUploadPreview> {
    const sheetRows = await readModelSheet(data);
    const existing = new Map((await this.repo.all(shieldType)).map((r) => [`${r.brand}\n${r.model}`, r]));
    const firstRowOf = new Map<string, number>();
    const preview: ModelUploadPreview = {
      uploadId: randomUUID(),
      shieldType,
      toAdd: [],
      toChange: [],
      unchanged: 0,
      rejected: [],
    };
    const toApply: ModelValues[] = [];
    for (const { row, cells } of sheetRows) {
      const issues = rowIssues(cells);
      const key = `${cells.brand}\n${cells.model}`;
      const first = firstRowOf.get(key);
      if (issues.length === 0 && first !== undefined) {
        preview.rejected.push(
          this.rejected({ row, cells }, [
            {
              field: 'model',
              problem: 'duplicate',
              message: `brand and model repeat row ${first} of the file`,
              duplicateOfRow: first,
            },
          ]),
        );
        continue;
      }
      if (issues.length > 0) {
        preview.rejected.push(
          this.rejected(
            { row, cells },
            issues.map((i) => ({ ...i, message: describeModelIssue(i) })),
          ),
        );
        continue;
      }
      firstRowOf.set(key, row);
      const values: ModelValues = {
        shieldType,
        type: Number(cells.type) as 1 | 2 | 3,
        brand: cells.brand,
        model: cells.model,
        protectDefault: Number(cells.protectDefault),
        protectNewMarket: Number(cells.protectNewMarket),
      };
      const { shieldType: _s, ...shown } = values;
      const old = existing.get(key);
      if (!old) {
        preview.toAdd.push({ row, ...shown });
        toApply.push(values);
      } else if (!sameValues(old, values)) {
        preview.toChange.push({
          row,
          ...shown,
          previous: {
            type: old.type,
            brand: old.brand,
            model: old.model,
            protectDefault: old.protectDefault,
            protectNewMarket: old.protectNewMarket,
          },
        });
        toApply.push(values);
      } else {
        preview.unchanged++;
      }
    }
    await this.repo.saveUpload(preview.uploadId, shieldType, toApply, userId);
    return preview;
  }

  /** Applies a preview of this user, all rows in one transaction; 404 when it is unknown or already applied. */
  async confirmUpload(
    uploadId: string,
    userId: number,
    actor: Actor,
  ): Promise<{ added: number; changed: number }> {
    const result = await this.repo.applyUpload(uploadId, userId, actor);
    if (!result) throw new ApiError(ErrorCodes.NOT_FOUND, (lang) => uploadGone[lang]);
    return result;
  }

  async countries(lang: MessageLang): Promise<MarketCountries> {
    const rows = await this.repo.countries();
    const named = (market: number) =>
      rows
        .filter((r) => r.market === market)
        .map((r) => ({ countryCode: r.country, countryName: countryName(r.country, lang) }));
    return { newMarket: named(1), oldMarket: named(2) };
  }

  /** Replaces one market's list; a country may be in only one of the two lists. */
  async saveCountries(
    market: 1 | 2,
    codes: string[],
    actor: Actor,
    lang: MessageLang,
  ): Promise<MarketCountries> {
    const unique = [...new Set(codes)].sort();
    const bad = unique.find((c) => !isCountryCode(c));
    if (bad !== undefined) throw fieldError('countries', `${bad} is not a country code`);
    const rows = await this.repo.countries();
    const before = {
      newMarket: rows.filter((r) => r.market === 1).map((r) => r.country),
      oldMarket: rows.filter((r) => r.market === 2).map((r) => r.country),
    };
    const other = new Set(market === 1 ? before.oldMarket : before.newMarket);
    const clash = unique.find((c) => other.has(c));
    if (clash !== undefined)
      throw fieldError(
        'countries',
        `${clash} is in the ${market === 1 ? 'old' : 'new'}-market list: remove it there first`,
      );
    await this.repo.replaceMarket(market, unique, before, actor);
    return this.countries(lang);
  }

  private rejected(row: ModelSheetRow, issues: ModelUploadRejected['issues']): ModelUploadRejected {
    return { row: row.row, cells: row.cells, issues };
  }

  private duplicate(v: ModelValues): ApiError {
    return fieldError('model', `${v.brand} ${v.model} is already in the ${LIST_NAME[v.shieldType]} list`);
  }
}

const uploadGone: Record<MessageLang, string> = {
  en: 'This upload is unknown or was already applied: upload the file again',
  zh: '该上传不存在或已应用：请重新上传文件',
  fr: 'Cet import est inconnu ou déjà appliqué : importez le fichier à nouveau',
};
