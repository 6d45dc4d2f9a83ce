/** Which streams a card counts as its own when it says the feed is not understood. */
import { describe, expect, it } from 'vitest'
import type { StreamHealth } from '../../../shared/health'
import { streamHealth } from '../../../shared/health.test-support'
import { notUnderstoodKinds } from './stream-understanding'

function stream(id: string, matchId: number | null, sport: string, understood: boolean): StreamHealth {
  const [service, , kind] = id.split(':') as ['odds' | 'data', string, string]
  return streamHealth({ id, service, kind, matchId, sport, state: understood ? 'live' : 'not_understood' })
}

describe('notUnderstoodKinds', () => {
  it('names the kinds of the match’s own streams and of its sport’s desk streams that are not understood', () => {
    const health = {
      streams: [
        stream('odds:1:updates', 1, 'badminton', false),
        stream('odds:1:overrides', 1, 'badminton', true),
        stream('data:badminton:time', null, 'badminton', false),
        stream('data:hockey:score', null, 'hockey', false),
        stream('odds:2:overrides', 2, 'badminton', false),
      ],
    }
    expect(notUnderstoodKinds(health, 1, 'badminton')).toBe('updates, time')
    expect(notUnderstoodKinds(health, 3, 'hockey')).toBe('score')
    expect(notUnderstoodKinds(health, 4, 'cricket')).toBeNull()
    expect(notUnderstoodKinds(null, 1, 'badminton')).toBeNull()
  })
})
