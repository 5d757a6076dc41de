import { messagesPolicy } from '../messages';

/** Who may read the preview's values: whoever composes a message (every project member). */
export const templatesPolicy = {
  preview: messagesPolicy.compose,
} as const;
