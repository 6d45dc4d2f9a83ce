/**
 * The core's real fault door (FaultLog: counts, log lines, crash files) over a temp folder, for
 * shell tests that check what a window or process fault reports.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crashDirOf } from '../core/faults/crash-files'
import { FaultLog } from '../core/faults/fault-log'
import { LogRing } from '../core/faults/log-ring'
import { SecretScrubber } from '../core/faults/secret-scrubber'

export function testFaultLog(clock?: () => number): { faults: FaultLog; lines: string[]; crashDir: string } {
  const lines: string[] = []
  const line = (message: string) => void lines.push(message)
  const crashDir = crashDirOf(mkdtempSync(join(tmpdir(), 'om-faults-')))
  const faults = new FaultLog({
    log: { info: line, error: line },
    ring: new LogRing(),
    scrubber: new SecretScrubber(),
    crashDir,
    appVersion: '0.0.0-test',
    ...(clock ? { clock } : {}),
  })
  return { faults, lines, crashDir }
}
