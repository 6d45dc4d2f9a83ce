/**
 * Test-only: a match's prices as the simulator serves them (its REST truth) and as a board shows
 * them, both as outcomeId → "price/suspended", so a test can hold one to the other.
 */
import type { MatchBoard } from '../../../shared/board'
import { outcomeId } from '../../../shared/domain'
import { makeOddKey, MatchPricesWire, oddTypeOfMember } from '../../../shared/wire/odds'
import type { SimulatorHandle } from '../../../sim/index'

export type Prices = Record<string, string>

export function serverPrices(s: SimulatorHandle, sport: string, matchId: number): Prices {
  const wire = MatchPricesWire.parse(s.control.matchPrices(sport, matchId))
  const out: Prices = {}
  for (const [member, markets] of Object.entries(wire.odds)) {
    for (const m of markets) {
      for (const o of m.outcomes) {
        const id = outcomeId({ matchId, oddType: oddTypeOfMember(member), oddKey: makeOddKey(m.name, o.key) })
        out[id] = `${o.price as number}/${o.suspended ?? false}`
      }
    }
  }
  return out
}

export function boardPrices(board: MatchBoard | undefined): Prices {
  const out: Prices = {}
  for (const c of board?.cells ?? []) out[c.outcomeId] = `${c.price}/${c.suspended}`
  return out
}

/** Synced, and every outcome the same as the server's (no more, no fewer). */
export function boardEqualsServer(s: SimulatorHandle, sport: string, board: MatchBoard | undefined): boolean {
  if (!board?.header.synced) return false
  const server = serverPrices(s, sport, board.header.matchId)
  const shown = boardPrices(board)
  const ids = Object.keys(server)
  return ids.length === Object.keys(shown).length && ids.every((id) => shown[id] === server[id])
}
