/**
 * The note sent when a structured answer was refused (not JSON, a limit broken, a placeholder lost): the provider
 * asks again once with the conversation, the refused answer and this note.
 */
export function retryNote(problems: readonly string[]): string {
  return [
    // naming each problem lets the model fix exactly that instead of guessing what was wrong
    'Your previous answer was refused for these reasons:',
    ...problems.slice(0, 10).map((p) => `- ${p}`),
    // the same schema is enforced again: ask for the whole answer, not a patch of the broken part
    'Answer again with the complete JSON object, following the schema and every rule above.',
  ].join('\n');
}
