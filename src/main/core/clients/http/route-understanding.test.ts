/**
 * The REST routes' understanding with given times: one answer counts as one frame of the stream
 * rules (streams/feed-understanding.ts), refused when refused whole or when at least half of its
 * records were; routes are judged apart, by family.
 */
import { describe, expect, it } from 'vitest'
import { refusedAnswer, type AnswerOutcome } from './parse-answer'
import { RouteUnderstanding } from './route-understanding'

const T0 = 1_700_000_000_000

function clocked() {
  let now = T0
  const routes = new RouteUnderstanding(() => now)
  return { routes, tick: (ms: number) => (now += ms) }
}

const list = (route: string, read: number, refused: number): AnswerOutcome => ({
  route,
  read,
  refused,
  whole: false,
  firstRefusal: refused > 0 ? `record 0 field id: bad` : null,
})

describe('RouteUnderstanding', () => {
  it('a route refused whole five times in a minute is not understood, naming its first refusal', () => {
    const { routes, tick } = clocked()
    routes.answered(list('/matches', 50, 0))
    for (let i = 0; i < 4; i++) {
      routes.answered(refusedAnswer('/matches', i === 0 ? 'not a list' : 'later'))
      tick(1000)
    }
    expect(routes.notUnderstood()).toBeNull()
    routes.answered(refusedAnswer('/matches', 'later'))
    expect(routes.notUnderstood()).toEqual({ route: '/matches', since: T0 + 4000, firstRefusal: 'not a list' })
  })

  it('a list with a few bad records is read; one with half or more refused counts as refused', () => {
    const { routes } = clocked()
    for (let i = 0; i < 10; i++) routes.answered(list('/teams', 49, 1))
    expect(routes.notUnderstood()).toBeNull()
    for (let i = 0; i < 5; i++) routes.answered(list('/players', 2, 2))
    expect(routes.notUnderstood()).toMatchObject({ route: '/players', firstRefusal: 'record 0 field id: bad' })
  })

  it('names the route that went first, and each recovers on its own as its answers are read again', () => {
    const { routes, tick } = clocked()
    for (let i = 0; i < 5; i++) routes.answered(refusedAnswer('bookmaker/{sport}/{matchId}', 'Invalid input'))
    tick(1000)
    for (let i = 0; i < 5; i++) routes.answered(refusedAnswer('bookmaker', 'Invalid input'))
    expect(routes.notUnderstood()?.route).toBe('bookmaker/{sport}/{matchId}')
    for (let i = 0; i < 6; i++) routes.answered(list('bookmaker/{sport}/{matchId}', 1, 0))
    expect(routes.notUnderstood()?.route).toBe('bookmaker')
    // A route that goes quiet after refusing stays not understood until its refusals age out of the minute.
    tick(30_000)
    expect(routes.notUnderstood()?.route).toBe('bookmaker')
    tick(35_000)
    expect(routes.notUnderstood()).toBeNull()
  })
})
