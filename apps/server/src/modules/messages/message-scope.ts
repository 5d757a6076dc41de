import type { GroupAppCount, MessageRow, MessageSave, Targeting } from '@beacon/shared';
import type { AppRecord } from '../apps';
import type { MessageRecord } from './messages.repository';

/** Who acts on a message, with their level on the app the call names. */
export interface GroupActor {
  id: number;
  email: string;
  ulevel: number;
  /** the actor's level on the app the call names */
  projectLevel: number;
}

export type RowAction = 'stop' | 'cancel' | 'recall' | 'remove';

/** A list row of an app-group send as its reader sees it: its children (a parent's), whether they may act on all. */
export interface GroupRow {
  children?: MessageRow['groupChildren'];
  groupScope: boolean;
}

/**
 * The app-group scope of the message calls (docs/group-sends.md): what msg/save, msg/check, the group counts, the
 * list and the row actions ask of modules/group-sends. GroupSendsService implements it; modules/index.ts hands it to
 * the messages module, which does not import group sends (they build on messages).
 */
export interface MessageScope {
  save(
    app: AppRecord,
    input: MessageSave,
    actor: GroupActor,
    mode?: 'save' | 'check',
  ): Promise<{ id: number; status: number }>;
  counts(app: AppRecord, t: Targeting & { appGroupId: number }, actor: GroupActor): Promise<GroupAppCount[]>;
  rowsOf(
    rows: Array<Pick<MessageRecord, 'id' | 'appGroupId' | 'appGroupParentId'>>,
    reader: { id: number; ulevel: number },
  ): Promise<Map<number, GroupRow>>;
  act(action: RowAction, app: AppRecord, msgId: number, group: boolean, actor: GroupActor): Promise<void>;
}
