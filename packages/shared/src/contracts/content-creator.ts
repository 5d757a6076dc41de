import { z } from 'zod';

/** Whether content came from the AI assistant: 1 when a suggestion or translation of it was used, else 0. */
export const ContentCreateType = z.union([z.literal(0), z.literal(1)]);
export type ContentCreateType = z.infer<typeof ContentCreateType>;
/** The values of `contentCreateType`, named: written by hand, or with the AI assistant. */
export const ContentCreator = { HAND: 0, AI: 1 } as const satisfies Record<string, ContentCreateType>;
/** Whether this content (a message, an arm, a step, a material) was written with the AI assistant. */
export function aiWritten(content: { contentCreateType?: number | null | undefined } | undefined): boolean {
  return content?.contentCreateType === ContentCreator.AI;
}
/** The `contentCreateType` of content: AI or by hand (anything else reads as by hand). */
export function contentCreatorOf(
  content: { contentCreateType?: number | null | undefined } | undefined,
): ContentCreateType {
  return aiWritten(content) ? ContentCreator.AI : ContentCreator.HAND;
}
