/**
 * Connection health per service (the data service's per live type; "feed not understood" when a stream's frames are
 * refused), stale, silent and back-off badges, throughput, malformed count, feed lag,
 * feed mode, the board's tick-to-paint, and the count of survived faults.
 */
import type { ServiceHealth, ServiceState, StreamHealth } from '../../../../shared/health'
import { formatAge } from '../../lib/format'
import { untilLabel } from '../../lib/live-time'
import { useConnectionStore } from '../../store/connection-store'
import { useFeedStore } from '../../store/feed-store'
import { FaultsStatus } from './FaultsStatus'
import { FeedLagStatus, PaintStatus } from './LatencyStatus'
import { RetryNow, isWaiting } from './RetryNow'
import { StreamKinds } from './StreamKinds'
import { UnsyncedStatus } from './UnsyncedStatus'
import './status.css'

const SERVICE_NAMES = { odds: 'Odds', data: 'Data' } as const
const STATE_WORDS: Partial<Record<ServiceState, string>> = { not_understood: 'feed not understood' }

export function StatusBar() {
  const health = useFeedStore((s) => s.health)
  const mode = useFeedStore((s) => s.mode)
  const connected = useConnectionStore((s) => s.connected)
  return (
    <footer className="status-bar" data-testid="status-bar">
      {/* Figures that change every second lay out the bar alone (.status-bar-row, status.css). */}
      <div className="status-bar-row">
        {connected ? (
          <>
            {mode?.mode === 'demo' && (
              <span className="badge demo" data-testid="demo-badge" title={mode.reason}>
                Demo feed
              </span>
            )}
            {mode && <span className="muted">{mode.sport}</span>}
            {!health && <span className="muted">feed health: waiting…</span>}
            {health?.services.map((service) => (
              <ServiceStatus
                key={service.service}
                service={service}
                streams={health.streams.filter((s) => s.service === service.service)}
              />
            ))}
            {health && <UnsyncedStatus unsynced={health.unsynced} />}
            {health && <PaintStatus />}
            {health && <FaultsStatus faults={health.faults} />}
          </>
        ) : (
          // The last health main sent is not the feed's now: show none rather than a frozen "live".
          <span className="badge bad">connection to the app lost</span>
        )}
      </div>
    </footer>
  )
}

function ServiceStatus({ service, streams }: { service: ServiceHealth; streams: StreamHealth[] }) {
  const active = streams.filter((s) => s.state !== 'closed').length
  // The REST side's wait (a 429's Retry-After) counts as much as a stream's back-off.
  const nextRetry = [service.rest?.retryAt ?? null, ...streams.map((s) => s.retryAt)].reduce<number | null>(
    (min, at) => (at !== null && (min === null || at < min) ? at : min),
    null,
  )
  const problem = streams.find((s) => s.lastError)?.lastError ?? service.rest?.message ?? null
  return (
    <span className="service-status" data-testid={`service-${service.service}`} title={problem ?? undefined}>
      <span className={`dot state-${service.state}`} />
      <strong>{SERVICE_NAMES[service.service]}</strong>
      <span className="muted" data-testid={`service-state-${service.service}`}>
        {STATE_WORDS[service.state] ?? service.state}
      </span>
      <span className="num muted fig-live">
        {service.streams.live}/{active} live
      </span>
      {service.service === 'data' && <StreamKinds service="data" kinds={service.kinds} />}
      {service.streams.stale > 0 && <span className="badge warn num">{service.streams.stale} stale</span>}
      {service.streams.silent > 0 && (
        <span
          className="badge warn num"
          data-testid={`silent-${service.service}`}
          title="Connected and answering keep-alives, but no data — not even the feed's heartbeat — for the stale limit"
        >
          {service.streams.silent} silent
        </span>
      )}
      {service.streams.rejected > 0 && <span className="badge bad">key rejected</span>}
      {nextRetry !== null && (
        <span className="badge warn num">
          retry in <span data-until={nextRetry} data-label={untilLabel(nextRetry)} />
        </span>
      )}
      {isWaiting(service, streams) && <RetryNow service={service.service} />}
      {service.reconnects > 0 && (
        <span
          className="num muted"
          data-testid={`reconnects-${service.service}`}
          title="Stream reconnects this session"
        >
          {service.reconnects} reconnect{service.reconnects === 1 ? '' : 's'}
        </span>
      )}
      <span className="num fig-rate">{service.messagesPerSec.toFixed(1)} msg/s</span>
      {service.malformed > 0 && <span className="badge bad num">{service.malformed} malformed</span>}
      <span className="num muted fig-age">last {formatAge(service.lastMessageAgeMs)}</span>
      <FeedLagStatus service={service.service} lag={service.lag} />
    </span>
  )
}
