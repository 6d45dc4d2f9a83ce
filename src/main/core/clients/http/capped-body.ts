/**
 * A response body read with a size bound. `response.text()` buffers whatever the server sends: a
 * broken or hostile server (or a proxy's error page streamed for ever) could fill the main
 * process's memory and end the app. Answers of the services are small (a page is at most 50
 * records, a snapshot one match, an image one team logo), so anything far larger is refused
 * before it is held whole: by its Content-Length when it declares one, else once the bytes read
 * pass the bound, and the rest of the body is cancelled.
 *
 * One bound per answer is not enough: fifty snapshots read at once from a hostile server were
 * fifty floods of 16 MB, and the process's allocator kept those pages long after the answers were
 * refused (RSS 157 → 730 MB with a flat JS heap). So every answer being read also draws on one
 * shared budget, and an answer that would take more than what is left is refused too. What the
 * budget lets the process hold at once is what its allocator keeps afterwards (glibc returns no
 * freed pages from the middle of its heap), so the budget is sized to keep that within 20 % of a
 * warm process (flood-memory.test.ts), and the REST client's chunks are freed as soon as they are
 * read (wire-exchange.ts).
 */

/**
 * Neither interface document states a largest answer. These bounds are our assumption: far above
 * any answer of its kind we know of, far below what would strain the process.
 */
export const MAX_JSON_BODY_BYTES = 4 * 1024 * 1024
export const MAX_IMAGE_BODY_BYTES = 4 * 1024 * 1024

/**
 * All answers being read at once hold at most this much. The services' answers are kilobytes to a
 * few hundred kilobytes, so a whole desk's worth of them fits many times over; what cannot fit is a
 * flood, refused like an answer over its own bound. 20 MB left RSS 26 % above warm after floods;
 * 8 MB leaves 12–19 %.
 */
const MAX_BUFFERED_BODY_BYTES = 8 * 1024 * 1024

export class BodyTooLarge extends Error {
  constructor(
    readonly maxBytes: number,
    readonly shared = false,
  ) {
    super(
      shared
        ? `answer refused: over ${formatBytes(maxBytes)} being read at once`
        : `answer over ${formatBytes(maxBytes)}`,
    )
  }
}

/** Bytes held by answers still being read, across every client of the process. */
export class BodyBudget {
  private used = 0

  constructor(readonly maxBytes: number) {}

  /** Takes `bytes` if they fit in what is left; false (and nothing taken) if not. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.maxBytes) return false
    this.used += bytes
    return true
  }

  give(bytes: number): void {
    this.used -= bytes
  }

  inUse(): number {
    return this.used
  }
}

export const sharedBodyBudget = new BodyBudget(MAX_BUFFERED_BODY_BYTES)

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`
}

/** A body to read: the length it declares, its chunks, and how to free a chunk once read. */
export interface BodySource {
  /** Content-Length, when the answer declares one. */
  declaredBytes: number | null
  chunks: AsyncIterable<Uint8Array>
  /** Frees a read chunk at once (release-bytes.ts); absent when someone else may still hold the chunks. */
  release?: (chunk: Uint8Array) => void
}

/** A fetch Response as a body source: its chunks are undici's, so they are left to the collector. */
export function responseBody(response: Response): BodySource {
  const declared = Number(response.headers.get('content-length'))
  const empty = (async function* () {})()
  return {
    declaredBytes: response.headers.has('content-length') && Number.isFinite(declared) ? declared : null,
    chunks: response.body ?? empty,
  }
}

/** The body's bytes, bounded as readCappedChunks is. */
export async function readCappedBody(
  response: Response,
  maxBytes: number,
  budget: BodyBudget = sharedBodyBudget,
): Promise<Uint8Array> {
  return readCappedChunks(responseBody(response), maxBytes, budget)
}

/**
 * The body's bytes; throws BodyTooLarge past `maxBytes`, or once the answers being read together
 * would hold more than `budget` allows, and ends the rest of the body (which closes the
 * connection and ends any decompression behind it).
 */
export async function readCappedChunks(
  source: BodySource,
  maxBytes: number,
  budget: BodyBudget = sharedBodyBudget,
): Promise<Uint8Array> {
  const reader = source.chunks[Symbol.asyncIterator]()
  if (source.declaredBytes !== null && source.declaredBytes > maxBytes) {
    await reader.return?.()
    throw new BodyTooLarge(maxBytes)
  }
  const chunks: Uint8Array[] = []
  let total = 0
  // What is given back the moment a read ends: before a refused body's end is awaited, so a
  // concurrent answer is not refused for bytes already let go.
  const giveBack = () => {
    budget.give(total)
    total = 0
    if (source.release) chunks.forEach(source.release)
    chunks.length = 0
  }
  try {
    for (;;) {
      const { done, value } = await reader.next()
      if (done) break
      const refusal =
        total + value.byteLength > maxBytes
          ? new BodyTooLarge(maxBytes)
          : budget.take(value.byteLength)
            ? null
            : new BodyTooLarge(budget.maxBytes, true)
      if (refusal) {
        source.release?.(value)
        giveBack()
        await reader.return?.()
        throw refusal
      }
      total += value.byteLength
      chunks.push(value)
    }
    const body = concat(chunks, total)
    // The parts are copied into the whole (unless there was one part, which is the whole).
    if (chunks.length > 1 && source.release) chunks.forEach(source.release)
    chunks.length = 0
    return body
  } finally {
    giveBack()
  }
}

/** The body as UTF-8 text, bounded as readCappedChunks is; the bytes are freed once decoded when the source allows. */
export async function readCappedText(source: BodySource, maxBytes: number, budget?: BodyBudget): Promise<string> {
  const bytes = await readCappedChunks(source, maxBytes, budget)
  const text = new TextDecoder().decode(bytes)
  source.release?.(bytes)
  return text
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
