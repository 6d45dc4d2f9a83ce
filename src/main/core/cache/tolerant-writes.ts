/**
 * The cache's record writes as the live path makes them: a write that fails (the disk is full,
 * another program locks the file) is reported and the caller goes on, so an override still
 * reaches the alert rules, an alert still reaches the page, an acknowledgement still marks its row read and a Discover page still answers
 * with what the service sent. Ticks have their own path: held and retried (write-pacer.ts).
 */
import type { FeedScopedArchive } from './feed-scoped'

export type RecordWrite =
  'recordOverrideEvents' | 'acknowledgeOverrideEvents' | 'recordAlerts' | 'putReference' | 'upsertMatches'

export function tolerantWrites(
  archive: FeedScopedArchive,
  onFailed: (write: RecordWrite, error: unknown) => void,
): FeedScopedArchive {
  const guard =
    <A extends unknown[]>(write: RecordWrite, call: (...args: A) => void) =>
    (...args: A): void => {
      try {
        call(...args)
      } catch (error) {
        onFailed(write, error)
      }
    }
  return {
    ...archive,
    recordOverrideEvents: guard('recordOverrideEvents', archive.recordOverrideEvents),
    acknowledgeOverrideEvents: guard('acknowledgeOverrideEvents', archive.acknowledgeOverrideEvents),
    recordAlerts: guard('recordAlerts', archive.recordAlerts),
    putReference: guard('putReference', archive.putReference),
    upsertMatches: guard('upsertMatches', archive.upsertMatches),
  }
}
