/**
 * The odds feed's delay knob (FaultOptions.oddsStreamDelayMs): what the app's feed-lag figures
 * are tested against. Every odds stream message goes out at least the delay after its own `ts`,
 * and lowering the delay never reorders a stream.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { UpdatesMessage } from '../shared/wire/odds'
import { startSimulator, type SimulatorHandle } from './index'
import { oddsStreamUrl, parseAll, WsCollector } from './test-support'

const DELAY_MS = 300
let sim: SimulatorHandle | undefined
afterEach(async () => sim?.close())

describe('odds stream delay', () => {
  it('sends each message the delay after its own ts, and in seq order when the delay drops', async () => {
    sim = await startSimulator({ seed: 5, rate: 400, liveMatches: 2, faults: { oddsStreamDelayMs: DELAY_MS } })
    const id = sim.control.liveOddsMatchIds('badminton')[0] as number
    const ws = await WsCollector.open(oddsStreamUrl(sim, 'badminton', id, 'updates'))
    try {
      await ws.until((m) => m.length >= 30)
      const delayed = parseAll(ws.messages).map((m) => UpdatesMessage.parse(m))
      delayed.forEach((m, i) => expect((ws.receivedAt[i] as number) - m.ts).toBeGreaterThanOrEqual(DELAY_MS))

      sim.control.setFaults({})
      const before = ws.messages.length
      await ws.until((m) => m.length >= before + 30)
      const seqs = parseAll(ws.messages)
        .map((m) => UpdatesMessage.parse(m))
        .flatMap((m) => ('seq' in m ? [m.seq] : []))
      for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe((seqs[i - 1] as number) + 1)
    } finally {
      ws.close()
    }
  })
})
