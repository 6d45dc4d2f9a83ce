import { describe, expect, it } from 'vitest'
import { BodyTooLarge, readCappedBody } from './capped-body'

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
})
