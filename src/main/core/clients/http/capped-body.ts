/**
 * A response body read with a size bound. `response.text()` buffers whatever the server sends: a
 * broken or hostile server (or a proxy's error page streamed for ever) could fill the main
 * process's memory and end the app. Answers of the services are small (a page is at most 50
 * records, a snapshot one match, an image one team logo), so anything far larger is refused
 * before it is held whole: by its Content-Length when it declares one, else once the bytes read
 * pass the bound, and the rest of the body is cancelled.
 */

/**
 * Neither interface document states a largest answer. These bounds are our assumption: far above
 * any answer of its kind we know of, far below what would strain the process.
 */
export const MAX_JSON_BODY_BYTES = 16 * 1024 * 1024
export const MAX_IMAGE_BODY_BYTES = 4 * 1024 * 1024

export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer over ${formatBytes(maxBytes)}`)
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`
}

/** The body's bytes; throws BodyTooLarge past `maxBytes` (and cancels the rest of the body). */
export async function readCappedBody(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel()
    throw new BodyTooLarge(maxBytes)
  }
  if (!response.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > maxBytes) {
      await reader.cancel()
      throw new BodyTooLarge(maxBytes)
    }
    chunks.push(value)
  }
  return concat(chunks, total)
}

/** The body as UTF-8 text, bounded as readCappedBody is. */
export async function readCappedText(response: Response, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(await readCappedBody(response, maxBytes))
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const all = new Uint8Array(total)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.byteLength
  }
  return all
}
