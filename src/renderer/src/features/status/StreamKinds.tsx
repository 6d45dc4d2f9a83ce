/**
 * A service's streams by kind (the data service's live types): a dot per kind, green when its
 * streams are live. The data service holds one stream per type for the whole desk; a type it
 * holds per match instead (the service refused the stream of every event) says so, with its count.
 */
import type { FeedService, KindHealth } from '../../../../shared/health'

function describe(k: KindHealth): string {
  return k.perMatch
    ? `${k.kind}: one stream per watched match (the service refused one for every match), ${k.live} of ${k.active} live`
    : `${k.kind}: one stream for all watched matches of a sport, ${k.live} of ${k.active} live`
}

export function StreamKinds({ service, kinds }: { service: FeedService; kinds: KindHealth[] }) {
  if (kinds.length === 0) return null
  return (
    <span className="stream-kinds" data-testid={`stream-kinds-${service}`}>
      {kinds.map((k) => (
        <span key={k.kind} className="stream-kind" data-kind={k.kind} data-state={k.state} title={describe(k)}>
          <span className={`dot state-${k.state}`} />
          {k.kind}
          {k.perMatch && (
            <span className="num muted">
              {k.live}/{k.active} per match
            </span>
          )}
        </span>
      ))}
    </span>
  )
}
