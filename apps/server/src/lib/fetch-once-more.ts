/** What `fetch` is called with by openid-client (and anyone else who hands us a URL and init). */
type FetchInit = Omit<RequestInit, 'body'> & { body?: unknown };

/** Socket errors of a connection that broke before any answer came (undici wraps them in TypeError's `cause`). */
const BROKEN_BEFORE_ANSWER = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function brokeBeforeAnswer(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return err instanceof TypeError && typeof cause?.code === 'string' && BROKEN_BEFORE_ANSWER.has(cause.code);
}

/**
 * `fetch`, sent once more when the connection broke before any answer: fetch reuses pooled keep-alive sockets, and
 * a server that closes an idle one just as a request leaves on it (Node's default keep-alive is 5 s) resets that
 * request. Not repeated: a streamed body (it cannot be read twice), an aborted request, any HTTP answer.
 */
export async function fetchOnceMore(url: string | URL, init: FetchInit = {}): Promise<Response> {
  try {
    return await fetch(url, init as RequestInit);
  } catch (err) {
    if (!brokeBeforeAnswer(err) || init.body instanceof ReadableStream || init.signal?.aborted) throw err;
    return fetch(url, init as RequestInit);
  }
}
