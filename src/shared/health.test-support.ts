/** A stream's health for tests of what the page makes of it: a live odds stream unless told otherwise. */
import type { StreamHealth } from './health'

export function streamHealth(fields: Partial<StreamHealth> & Pick<StreamHealth, 'id' | 'matchId'>): StreamHealth {
  const state = fields.state ?? 'live'
  return {
    service: 'odds',
    kind: 'updates',
    sport: 'badminton',
    state,
    transport: 'ws',
    retryAt: null,
    retryInMs: null,
    lastMessageAt: null,
    lastMessageAgeMs: null,
    reconnects: 0,
    messagesPerSec: 0,
    malformed: 0,
    unknownKind: 0,
    lastError: null,
    lagMs: null,
    notUnderstood: state === 'not_understood' ? { since: 0, firstRefusal: 'malformed: torn' } : null,
    ...fields,
  }
}
