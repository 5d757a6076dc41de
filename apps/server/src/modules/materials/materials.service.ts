import {
  templateVariables,
  ErrorCodes,
  MaterialCreateType,
  MaterialStatus as S,
  type MaterialAudit,
  type MaterialSave,
  type MessageLang,
} from '@beacon/shared';
import { ApiError, fieldError } from '../../lib/api-error';
import type { AuditEntry } from '../../platform/audit-log';
import { materialExists, materialNotFound, prepareMaterial, type MaterialApp } from './material-content';
import type { MaterialsRepository } from './materials.repository';
import {
  DuplicateContent,
  LIVE_STATUSES,
  type LockedMaterial,
  type MaterialContent,
  type MaterialsWriter,
} from './materials.writer';

/** Who acts: the signed-in user. */
export interface MaterialActor {
  id: number;
  email: string;
}

/** A state change's answer: the material and the status it now has. */
export interface MaterialChanged {
  materialId: number;
  status: number;
}

const isLive = (status: number) => (LIVE_STATUSES as readonly number[]).includes(status);

const notPending: Record<MessageLang, string> = {
  en: 'This material is not waiting for review: it was already passed, rejected, edited or deleted',
  zh: '该素材不在待审核状态：已被通过、驳回、编辑或删除',
  fr: 'Ce matériel n’attend pas de revue : il a déjà été validé, refusé, modifié ou supprimé',
};

/** The n-th material of an import, in front of what is wrong with it. */
function inImport(n: number, err: ApiError): ApiError {
  const where: Record<MessageLang, string> = {
    en: `Material ${n} of the sheet`,
    zh: `表格第 ${n} 条素材`,
    fr: `Matériel ${n} de la feuille`,
  };
  return new ApiError(err.code, (lang) => `${where[lang]}: ${err.messageFor(lang)}`, err.data);
}

/**
 * The material library (issue 14, docs/materials.md): create (by hand, through the API, or imported), edit, the
 * review's pass and reject, the recycle bin and the permanent deletes, each in one transaction with its audit row
 * (area `material`). The reads: MaterialsReadService.
 */
export class MaterialsService {
  constructor(
    private readonly repo: MaterialsRepository,
    /** the variables the app's templates may name (issue 33 §4); none: the device's fields and `user.id` */
    private readonly variablesOf: (appId: number) => Promise<ReadonlySet<string>> = () =>
      Promise.resolve(templateVariables([])),
  ) {}

  /** create (createType 1) and the API's create (2): waits for review (3) when the app reviews materials, else 1. */
  async create(
    app: MaterialApp,
    actor: MaterialActor,
    body: MaterialSave,
    createType: number = MaterialCreateType.HANDMADE,
  ): Promise<MaterialChanged> {
    const content = await prepareMaterial(
      app,
      body,
      (a, m) => this.repo.messageOfApp(a, m),
      await this.variablesOf(app.id),
    );
    const status = this.newStatus(app);
    const action = createType === MaterialCreateType.API ? 'api-create' : 'create';
    const materialId = await this.write(app.id, content, (w) =>
      this.insert(w, app, actor, body, content, { createType, status, action }),
    );
    return { materialId, status };
  }

  /**
   * The Excel import: every row checked as create checks it, then all created in one transaction (all or none),
   * by hand (createType 1), each waiting for review when the app reviews materials.
   */
  async importRows(app: MaterialApp, actor: MaterialActor, rows: MaterialSave[]): Promise<MaterialChanged[]> {
    const contents: MaterialContent[] = [];
    for (const [i, row] of rows.entries()) {
      try {
        const content = await prepareMaterial(
          app,
          row,
          (a, m) => this.repo.messageOfApp(a, m),
          await this.variablesOf(app.id),
        );
        const twin = contents.findIndex(
          (c) => c.materialType === content.materialType && c.contentHash === content.contentHash,
        );
        if (twin >= 0)
          throw new ApiError(ErrorCodes.MATERIAL_EXISTS, (lang) =>
            lang === 'zh'
              ? `与表格第 ${twin + 1} 条素材内容相同`
              : lang === 'fr'
                ? `même contenu que le matériel ${twin + 1} de la feuille`
                : `same content as material ${twin + 1} of the sheet`,
          );
        contents.push(content);
      } catch (err) {
        throw err instanceof ApiError ? inImport(i + 1, err) : err;
      }
    }
    const status = this.newStatus(app);
    const created = this.repo.write(async (w) => {
      const created: MaterialChanged[] = [];
      for (const [i, content] of contents.entries()) {
        const materialId = await this.insert(w, app, actor, rows[i]!, content, {
          createType: MaterialCreateType.IMPORTED,
          status,
          action: 'import',
        }).catch((err: unknown) => {
          throw err instanceof ApiError ? inImport(i + 1, err) : err;
        });
        created.push({ materialId, status });
      }
      return created;
    });
    // a twin created meanwhile by another request
    return created.catch((err: unknown) => {
      throw err instanceof DuplicateContent ? new ApiError(ErrorCodes.MATERIAL_EXISTS) : err;
    });
  }

  /**
   * Edits a live material (1, 3, 4) with new content of the same type; it waits for review again (3) when the app
   * reviews materials, else it is passed (1); the reviewer's reason goes.
   */
  async edit(
    app: MaterialApp,
    actor: MaterialActor,
    id: number,
    body: MaterialSave,
  ): Promise<MaterialChanged> {
    const current = await this.repo.find(app.id, id);
    if (!current || !isLive(current.status)) throw materialNotFound();
    if (body.materialType !== current.materialType)
      throw fieldError('materialType', `cannot change: the material is of type ${current.materialType}`);
    const content = await prepareMaterial(
      app,
      body,
      (a, m) => this.repo.messageOfApp(a, m),
      await this.variablesOf(app.id),
    );
    const status = this.newStatus(app);
    await this.write(app.id, content, async (w) => {
      const m = await w.lock(app.id, id);
      if (!m || !isLive(m.status) || m.materialType !== content.materialType) throw materialNotFound();
      const dup = await w.duplicateOf(app.id, content.materialType, content.contentHash, id);
      if (dup !== undefined) throw materialExists(dup);
      await w.replace(id, content, status);
      await w.audit(
        this.entry(actor, 'edit', app.id, m, {
          status,
          title: content.title,
          contentHash: content.contentHash,
        }),
      );
    });
    return { materialId: id, status };
  }

  /** deleteMaterialItem: a live material (1, 3, 4) to the recycle bin (2), remembering its status. */
  async remove(app: MaterialApp, actor: MaterialActor, id: number): Promise<MaterialChanged> {
    return this.change(app.id, actor, id, 'delete', (m) => (isLive(m.status) ? S.DELETED : undefined));
  }

  /** restoreMaterialItem: from the recycle bin (2) to the status it had. */
  async restore(app: MaterialApp, actor: MaterialActor, id: number): Promise<MaterialChanged> {
    return this.change(app.id, actor, id, 'restore', (m) =>
      m.status === S.DELETED ? (m.statusBeforeDelete ?? this.newStatus(app)) : undefined,
    );
  }

  /** deletePermanentlyMaterialItem: from the recycle bin (2) to 100, gone from every list. */
  async purge(app: MaterialApp, actor: MaterialActor, id: number): Promise<MaterialChanged> {
    return this.change(app.id, actor, id, 'purge', (m) => (m.status === S.DELETED ? S.PURGED : undefined));
  }

  /** deletePermanentlyMaterialAuditItem: a material waiting for review (3) or rejected (4) to 100. */
  async auditPurge(app: MaterialApp, actor: MaterialActor, id: number): Promise<MaterialChanged> {
    return this.change(app.id, actor, id, 'purge', (m) =>
      m.status === S.AWAITING_AUDIT || m.status === S.REJECTED ? S.PURGED : undefined,
    );
  }

  /** setMaterialAuditResult: a material waiting for review (3) passes (1) or is rejected (4) with the reason. */
  async audit(
    app: MaterialApp,
    actor: MaterialActor,
    id: number,
    body: MaterialAudit,
  ): Promise<MaterialChanged> {
    const reason = body.action === S.REJECTED ? body.reason : '';
    await this.repo.write(async (w) => {
      const m = await w.lock(app.id, id);
      if (!m) throw materialNotFound();
      if (m.status !== S.AWAITING_AUDIT)
        throw new ApiError(ErrorCodes.REVIEW_NOT_PENDING, (lang) => notPending[lang], { status: m.status });
      await w.decide(id, body.action, reason, actor.id);
      await w.audit(
        this.entry(actor, body.action === S.PASSED ? 'pass' : 'reject', app.id, m, {
          status: body.action,
          ...(reason ? { reason } : {}),
        }),
      );
    });
    return { materialId: id, status: body.action };
  }

  /** The status a new or edited material gets: 3 when the app reviews materials, else 1. */
  private newStatus(app: MaterialApp): number {
    return app.materialReviewEnable ? S.AWAITING_AUDIT : S.PASSED;
  }

  private async insert(
    w: MaterialsWriter,
    app: MaterialApp,
    actor: MaterialActor,
    body: MaterialSave,
    content: MaterialContent,
    how: { createType: number; status: number; action: string },
  ): Promise<number> {
    const dup = await w.duplicateOf(app.id, content.materialType, content.contentHash);
    if (dup !== undefined) throw materialExists(dup);
    const id = await w.insert({
      ...content,
      appId: app.id,
      createType: how.createType,
      status: how.status,
      ownerId: actor.id,
      ownerEmail: actor.email,
      msgId: body.msgId ?? null,
    });
    await w.audit({
      actor,
      area: 'material',
      action: how.action,
      target: `app ${app.id} material ${id}`,
      newValue: {
        status: how.status,
        materialType: content.materialType,
        title: content.title,
        createType: how.createType,
      },
    });
    return id;
  }

  /** A write that may meet a live twin of `content` made meanwhile: MATERIAL_EXISTS naming it. */
  private async write<T>(
    appId: number,
    content: MaterialContent,
    fn: (w: MaterialsWriter) => Promise<T>,
  ): Promise<T> {
    try {
      return await this.repo.write(fn);
    } catch (err) {
      if (!(err instanceof DuplicateContent)) throw err;
      const twin = await this.repo.write((w) =>
        w.duplicateOf(appId, content.materialType, content.contentHash),
      );
      throw materialExists(twin ?? 0);
    }
  }

  /** A status change: `to` says the new status from the locked material, undefined when it may not change (25102). */
  private async change(
    appId: number,
    actor: MaterialActor,
    id: number,
    action: string,
    to: (m: LockedMaterial) => number | undefined,
  ): Promise<MaterialChanged> {
    try {
      return await this.repo.write(async (w) => {
        const m = await w.lock(appId, id);
        const status = m ? to(m) : undefined;
        if (!m || status === undefined) throw materialNotFound();
        if (isLive(status)) {
          // a restore must not make two live materials of the same content
          const dup = await w.duplicateOf(appId, m.materialType, m.contentHash, id);
          if (dup !== undefined) throw materialExists(dup);
        }
        await w.move(id, status, status === S.DELETED ? m.status : null);
        await w.audit(this.entry(actor, action, appId, m, { status }));
        return { materialId: id, status };
      });
    } catch (err) {
      if (err instanceof DuplicateContent) throw new ApiError(ErrorCodes.MATERIAL_EXISTS);
      throw err;
    }
  }

  private entry(
    actor: MaterialActor,
    action: string,
    appId: number,
    m: LockedMaterial,
    newValue: Record<string, unknown>,
  ): AuditEntry {
    return {
      actor,
      area: 'material',
      action,
      target: `app ${appId} material ${m.id}`,
      oldValue: { status: m.status, title: m.title },
      newValue,
    };
  }
}
