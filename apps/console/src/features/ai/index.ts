// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { getAiStatusQueryOptions, useAiStatus } from './api/get-ai-status';
export { translate, useTranslate, type TranslateInput } from './api/translate';
export { trackAiAction } from './api/assistant';
export { AssistantButton, type AssistantButtonProps } from './components/assistant-button';
export { AssistantOverlay, type AssistantOverlayProps } from './components/assistant-overlay';
