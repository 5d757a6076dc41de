// Tests only: the assistant's streamed answers as the server sends them (text/event-stream: token, done, error),
// for the overlay's own tests and for the editors that open it (compose, A/B, journeys, materials).
const encoder = new TextEncoder();
const event = (name: string, data: unknown) =>
  encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

/** A streamed answer the test writes event by event. */
export function controlledStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, {
      status: 200,
      headers: { 'content-type': 'text/event-stream; charset=utf-8' },
    }),
    token: (text: string) => controller.enqueue(event('token', { text })),
    done: (list: unknown[]) => {
      controller.enqueue(event('done', { list }));
      controller.close();
    },
    error: (status: number, msg: string) => {
      controller.enqueue(event('error', { status, msg }));
      controller.close();
    },
  };
}

/** A whole answer at once: its tokens, then done. */
export function streamedAnswer(tokens: string[], list: unknown[]): Response {
  const chunks = [...tokens.map((text) => event('token', { text })), event('done', { list })];
  return new Response(
    new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(chunk);
        c.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
}

export const SUGGESTIONS = [
  { title: 'Weekend sale: 30% off', content: 'Everything in store, until Sunday night.', button: 'Shop now' },
  { title: 'Your weekend treat is here', content: 'Save 30% on all items this weekend only.', button: '' },
];

/** The reply items of SUGGESTIONS (showType 0), as the done event carries them. */
export const SUGGESTION_ITEMS = SUGGESTIONS.map((s) => ({ showType: 0, msgType: 1, image: '', ...s }));

/** The JSON the model streams for SUGGESTIONS, cut into small tokens. */
export function suggestionTokens(size = 12): string[] {
  const text = JSON.stringify({ kind: 'suggestions', answer: '', suggestions: SUGGESTIONS });
  const tokens: string[] = [];
  for (let i = 0; i < text.length; i += size) tokens.push(text.slice(i, i + size));
  return tokens;
}

/** The answer of /ai/status. */
export const aiStatus = (configured: boolean) =>
  new Response(
    JSON.stringify({
      status: 200,
      msg: 'success',
      data: { configured, model: configured ? 'gpt-test' : '' },
    }),
    { status: 200, headers: { 'content-type': 'application/json' } },
  );

/** One suggestion answered whole: the model's JSON in two tokens, then its reply item (the editors' tests). */
export function suggestionStream(suggestion: { title: string; content: string; button: string }): Response {
  const text = JSON.stringify({ kind: 'suggestions', answer: '', suggestions: [suggestion] });
  return streamedAnswer(
    [text.slice(0, 30), text.slice(30)],
    [{ showType: 0, msgType: 1, image: '', ...suggestion }],
  );
}
