/**
 * Hostile or broken input refused at an edge of the core (bridge, settings, cache file, REST
 * answers, live streams): one word each for the fault count (`refused:<edge>`) and a line in the
 * log. Stream messages are the exception: each stream's health counts them already (malformed,
 * unknown kind), so they only get a throttled log line here, never a second count.
 */
import type { CacheFileError } from './cache'
import type { AnswerOutcome } from './clients/http/parse-answer'
import type { ServiceName } from './clients/http/service-gate'
import type { FaultProcess, FaultReporter } from './faults/fault-reporter'
import type { SetAsideSettings } from './settings-file'
import type { RefusedEntry } from './stored-entries'
import { RefusalLog } from './streams/refusal-log'

export function refusalReporters(faults: FaultReporter, process: FaultProcess, logError: (line: string) => void) {
  const refused = (edge: string, message: string, detail?: Record<string, unknown>) =>
    faults.report({ process, kind: `refused:${edge}`, message, detail })
  return {
    bridge: (channel: string, message: string) => refused('bridge', `bridge request refused: ${message}`, { channel }),
    settingsFile: ({ movedTo, problem }: SetAsideSettings) =>
      refused('settings-file', `settings file unreadable (${problem}); kept as ${movedTo}, starting on defaults`),
    settingsEntry: ({ where, problem }: RefusedEntry) =>
      refused('settings-entry', `stored entry ${where} left out (${problem}); the rest was read`),
    settingsField: (field: string, problem: string) =>
      refused('settings', `stored setting ${field} refused (${problem}); its default is used`),
    cacheFile: (error: CacheFileError) => refused('cache-file', `cache file set aside: ${error.message}`),
    /** Every answer's outcome comes here; only one with refused records (or refused whole) is a fault. */
    restAnswer: (service: ServiceName, { route, refused: count, firstRefusal }: AnswerOutcome) => {
      if (count > 0) refused('rest', `${service} ${route}: ${count} refused (${firstRefusal})`, { route })
    },
    stream: new RefusalLog(logError),
  }
}
