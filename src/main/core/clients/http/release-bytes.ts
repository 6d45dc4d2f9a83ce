/**
 * Frees a chunk's memory now rather than at V8's next collection (issue 25.8). A chunk of a
 * socket or a decompressor is memory outside the JS heap that only a collection of its small JS
 * object gives back; V8 collects when the heap asks, not when outside memory piles up, so a flood
 * read at loopback speed piled tens of megabytes of dead chunks into the allocator's heap, which
 * glibc then keeps for the life of the process (freed pages in the middle of its heap are not
 * returned). Detaching the chunk's ArrayBuffer frees its memory at once.
 *
 * Only for chunks their reader alone holds, once read: a chunk that is a view on part of a larger
 * buffer (a pool, a decompressor's output still being filled) is left to the collector.
 */

declare global {
  interface ArrayBuffer {
    /** ES2024, like `transfer`: true once the bytes have moved away. */
    readonly detached: boolean
    /** ES2024 (Node 22, Electron's V8): moves the bytes to a new buffer of that length and detaches this one. */
    transfer(newByteLength?: number): ArrayBuffer
  }
}

export function releaseBytes(chunk: Uint8Array): void {
  const { buffer } = chunk
  if (!(buffer instanceof ArrayBuffer) || buffer.detached) return
  if (chunk.byteOffset !== 0 || chunk.byteLength !== buffer.byteLength) return
  buffer.transfer(0)
}
