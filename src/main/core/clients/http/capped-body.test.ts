import { describe, expect, it } from 'vitest'
import { BodyBudget, BodyTooLarge, readCappedBody, readCappedChunks, readCappedText } from './capped-body'
import { releaseBytes } from './release-bytes'

/** A body that yields `chunks` chunks of `size` bytes and records whether it was cancelled. */
function streamedResponse(chunks: number, size: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false }
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close()
      seen.pulled += 1
      controller.enqueue(new Uint8Array(size).fill(seen.pulled))
    },
    cancel() {
      seen.cancelled = true
    },
  })
  return { response: new Response(body, { headers }), seen }
}

describe('readCappedBody', () => {
  it('answers every byte of a body within the bound, in order', async () => {
    const { response } = streamedResponse(3, 4)
    expect([...(await readCappedBody(response, 12))]).toEqual([1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
  })

  it('stops reading and cancels the body at the first chunk past the bound', async () => {
    const { response, seen } = streamedResponse(1000, 1024)
    await expect(readCappedBody(response, 10 * 1024)).rejects.toBeInstanceOf(BodyTooLarge)
    expect(seen.pulled).toBeLessThan(20)
    expect(seen.cancelled).toBe(true)
  })

  it('refuses a declared Content-Length over the bound without reading a byte', async () => {
    const { response, seen } = streamedResponse(1, 8, { 'content-length': String(5 * 1024 * 1024) })
    await expect(readCappedBody(response, 4 * 1024 * 1024)).rejects.toThrow('answer over 4 MB')
    expect(seen.cancelled).toBe(true)
  })

  it('refuses an answer that would take more than the shared budget has left, and gives back what every read took', async () => {
    const budget = new BodyBudget(10 * 1024)
    const first = streamedResponse(8, 1024)
    const second = streamedResponse(8, 1024)
    const reads = [
      readCappedBody(first.response, 1024 * 1024, budget),
      readCappedBody(second.response, 1024 * 1024, budget),
    ]
    const [a, b] = await Promise.allSettled(reads)
    // The two answers alternate chunk by chunk: whichever reaches the budget first is refused.
    const refused = [a, b].filter((r) => r?.status === 'rejected')
    expect(refused).toHaveLength(1)
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ shared: true, maxBytes: 10 * 1024 })
    expect([first.seen.cancelled, second.seen.cancelled].filter(Boolean)).toHaveLength(1)
    expect(budget.inUse()).toBe(0)
    // Alone, the same answer fits.
    expect((await readCappedBody(streamedResponse(8, 1024).response, 1024 * 1024, budget)).byteLength).toBe(8192)
    expect(budget.inUse()).toBe(0)
  })
})

describe("a body whose chunks are its reader's alone", () => {
  /** Chunks of whole buffers of their own, and a record of the ones given back. */
  function ownedSource(chunks: number, size: number) {
    const parts = Array.from({ length: chunks }, (_, i) => new Uint8Array(size).fill(0x61 + i))
    const released: Uint8Array[] = []
    const source = {
      declaredBytes: null,
      chunks: (async function* () {
        yield* parts
      })(),
      release: (chunk: Uint8Array) => {
        released.push(chunk)
        releaseBytes(chunk)
      },
    }
    return { parts, released, source }
  }

  it('frees every part once copied into the whole, and the whole once decoded', async () => {
    const { parts, released, source } = ownedSource(3, 2)
    expect(await readCappedText(source, 1024)).toBe('aabbcc')
    expect(released.slice(0, 3)).toEqual(parts.map(() => expect.any(Uint8Array)))
    expect(parts.every((part) => part.buffer.detached)).toBe(true)
    expect(released).toHaveLength(4)
  })

  it('frees what it held, and the chunk that passed the bound, when it refuses', async () => {
    const { parts, source } = ownedSource(5, 1024)
    await expect(readCappedChunks(source, 2 * 1024)).rejects.toThrow('answer over 2048 bytes')
    expect(parts.map((part) => part.buffer.detached)).toEqual([true, true, true, false, false])
  })
})

describe('releaseBytes', () => {
  it('frees a chunk that is a whole buffer, and leaves a view on part of one (a pool, an inflater) alone', () => {
    const whole = new Uint8Array(64)
    const shared = new ArrayBuffer(64)
    const part = new Uint8Array(shared, 16, 16)
    const pooled = Buffer.from('a few bytes')
    releaseBytes(whole)
    releaseBytes(part)
    releaseBytes(pooled)
    expect([whole.buffer.detached, shared.detached, pooled.toString()]).toEqual([true, false, 'a few bytes'])
    releaseBytes(whole)
  })
})
