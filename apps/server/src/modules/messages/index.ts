export { registerMessagesModule } from './messages.routes';
export { registerMessagesExportModule } from './messages-export.routes';
