export { registerMessagesModule } from './messages.routes';
export { registerMessagesExportModule } from './messages-export.routes';
/** The message scheduling the reviews module runs when a review passes (MessagesService.startReviewed). */
export { MessagesService } from './messages.service';
export { MessagesRepository, TARGET_LABELS_COLUMN, labelsOf } from './messages.repository';
