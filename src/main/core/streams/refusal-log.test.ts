import { describe, expect, it } from 'vitest'
import { RefusalLog } from './refusal-log'

describe('RefusalLog', () => {
  it('writes the first refusal per stream and reason, then one line per interval with the held-back count', () => {
    let now = 0
    const lines: string[] = []
    const log = new RefusalLog(
      (l) => lines.push(l),
      1000,
      () => now,
    )
    log.refused('odds:1:updates', 'malformed', 'not JSON')
    log.refused('odds:1:updates', 'malformed', 'not JSON')
    log.refused('odds:1:updates', 'unknown_kind', 'sim_x')
    now = 1000
    log.refused('odds:1:updates', 'malformed', 'key "__proto__"')
    expect(lines).toEqual([
      'stream odds:1:updates refused a malformed message: not JSON',
      'stream odds:1:updates refused an unknown-kind message: sim_x',
      'stream odds:1:updates refused a malformed message: key "__proto__" (and 1 more since the last line)',
    ])
  })
})
