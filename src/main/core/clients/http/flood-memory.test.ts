/**
 * What hostile floods leave behind (issue 25.8): the app's HTTP client, alone in a child process,
 * reads thirty floods at once of each kind a hostile peer on loopback sends (100 MB without a
 * length, endless, gzip and brotli bombs), two rounds each; once the peer is gone, its RSS is back
 * within 20 % of its warm figure (after sound answers). A memory bound, taken after full
 * collections (hostile-floods.ts), not a time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startFloodReader, startHostilePeer, type HostilePeer } from '../../../../test-support/hostile-floods'

let peer: HostilePeer
beforeAll(async () => {
  peer = await startHostilePeer({ bombBytes: 64 * 1024 * 1024, bigBytes: 1024 * 1024 })
})
afterAll(() => peer.close())

it('RSS returns within 20 % of its warm figure once the floods are refused and the peer is gone', async () => {
  const reader = startFloodReader({
    port: peer.port,
    mode: 'budget',
    concurrency: 30,
    kinds: ['nolen', 'endless', 'gzip', 'br', 'nolen', 'endless', 'gzip', 'br'],
  })
  const figures = await reader.figures
  await peer.close()
  const goneMb = await reader.peerGone()
  expect({ warmMb: figures.warmMb, goneMb }).toEqual({
    warmMb: figures.warmMb,
    goneMb: expect.toSatisfy((mb: number) => mb <= figures.warmMb * 1.2),
  })
}, 120_000)
