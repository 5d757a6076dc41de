// The message editor: the form sections, values, validation, payload builder and save flow that compose, A/B tests,
// journeys and materials share. A layer below the features: it imports no feature (eslint.config.js); what it needs
// from one comes through its ports (ports.tsx), wired by the app.
import { lazy } from 'react';

export { HANDLED_SAVE_CODES, postMessage, type SaveAnswer } from './api/post-envelope';
export { useMessageDetail, useMessageDetails } from './api/get-message-detail';
export { AdvancedSection } from './components/advanced-section';
export { AudienceSection, type EstimateState } from './components/audience-section';
export { ContentSection } from './components/content-section';
export { CrossPanel } from './components/cross-panel';
export { CountryTags, MaterialCard } from './components/material-card';
export { PreviewPanel } from './components/preview-panel';
export { CrossSummary } from './components/cross-summary';
export { DescriptionField } from './components/description-field';
export { FlowForbiddenDialog, ForbiddenDialog } from './components/forbidden-dialog';
export { PackagesWarning } from './components/save-warnings';
export { MessageFormShell, ReviewNote, SendButton } from './components/message-form-shell';
export { LanguagesCard } from './components/multi-lang-section';
export { ScheduleSection } from './components/schedule-section';
export { TestPreviewDialog } from './components/test-preview-dialog';
export { estimateTargeting, useAudienceEstimate } from './components/use-audience-estimate';
export { ConfirmGroupApps, GroupAppsSection } from './components/group-apps-section';
export { useSaveFlow, type SaveCall } from './components/use-compose-submit';
export { useIssueText, type FieldRule } from './components/use-field-rule';
export { applyContentChange } from './components/values-change';
export { buildMessageSave, type ComposeContext } from './lib/build-payload';
export {
  composeFromDetail,
  composeFromMaterial,
  emptyCompose,
  type ComposeValues,
} from './lib/compose-values';
export { emptyCross } from './lib/cross-values';
export { isContentField } from './lib/message-kind';
export { confirmLabel } from './lib/confirm-label';
export { slowPushDuration } from './lib/slow-push';
export {
  fieldOfPath,
  issueAt,
  validateCompose,
  type ComposeIssue,
  type FieldName,
} from './lib/validate-compose';

/** A cross message's JSON content (with CodeMirror): a lazy chunk, loaded when first drawn. */
export const CrossContentSection = lazy(() => import('./components/cross-content-section'));
