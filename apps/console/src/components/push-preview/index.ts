export {
  PushPreview,
  PUSH_PREVIEW_WIDTH,
  type PushPreviewContent,
  type PushPreviewProps,
} from './push-preview';
export { previewButtonText, PREVIEW_BUTTON_CHARS } from './preview-text';
