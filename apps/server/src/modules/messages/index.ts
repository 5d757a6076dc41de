/** The message scheduling the reviews module runs when a review passes (MessagesService.startReviewed). */
export { MessagesService, type ArmOptions } from './messages.service';
export {
  MESSAGE_COLUMNS,
  MessagesRepository,
  TARGET_LABELS_COLUMN,
  labelsOf,
  tzName,
  type MessageRecord,
} from './messages.repository';
/** The one writer of a messages row: every module's insert and update of one (ab-tests, journeys, group-sends, reviews). */
export { MessageWriter, type NewMessage } from './message-writer.repository';
export { MessageActionsService } from './messages-actions.service';
/** What A/B tests and journeys share as parents of child messages: their lists' filters, their details' settings. */
export { parentListWhere, parentSettings } from './parent-messages';
/** What the messages services use of their repositories and the engine (the fast tests' in-memory ones: src/test/memory). */
export type {
  MessagesEnginePort,
  MessagesEngineRepositoryPort,
  MessagesRepositoryPort,
  MessageWriterPort,
} from './messages.ports';
export { messagesPolicy } from './messages.policy';
export { combinedStatus, isArm } from './ab-arms';
export type { MaterialSource, OneMessage } from './messages-content';
export type { GroupActor, GroupRow, MessageScope, RowAction } from './message-scope';
export type { MessagesModule, MessagesServices } from './messages.module';
export { messagesModule } from './messages.module';
