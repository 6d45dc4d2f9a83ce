/**
 * Whether the page can reach the app. Lost at once when the transport says its connection closed
 * (the browser host's socket), or when main's heartbeat has been missing for a few beats (an app
 * that hangs, or a host whose socket stays open while it is frozen). While lost, waiting and new
 * bridge calls fail with a message and the shell greys the board; when the app answers again,
 * `onRestored` reloads what the page shows, since the app may have restarted meanwhile.
 */
import { create } from 'zustand'
import { APP_HEARTBEAT_MS } from '../../../shared/bridge/heartbeat'
import { setAppReachable, subscribe } from '../bridge'

/** Beats that may go missing before the app counts as lost: a busy main can be late by a beat or two. */
const MISSED_BEATS = 4

export const useConnectionStore = create<{ connected: boolean; reason: string | null }>(() => ({
  connected: true,
  reason: null,
}))

export function startConnectionWatch(onRestored: () => void): () => void {
  let lastBeat = Date.now()
  const lose = (reason: string) => {
    if (!useConnectionStore.getState().connected) return
    setAppReachable(reason)
    useConnectionStore.setState({ connected: false, reason })
  }
  const restore = () => {
    lastBeat = Date.now()
    if (useConnectionStore.getState().connected) return
    setAppReachable(null)
    useConnectionStore.setState({ connected: true, reason: null })
    onRestored()
  }
  const stops = [
    subscribe('bridge:connection', ({ connected, reason }) =>
      connected ? restore() : lose(reason ?? 'the connection closed'),
    ),
    subscribe('app:heartbeat', restore),
  ]
  const watchdog = setInterval(() => {
    const silentMs = Date.now() - lastBeat
    if (silentMs > MISSED_BEATS * APP_HEARTBEAT_MS) lose(`no heartbeat for ${Math.round(silentMs / 1000)} s`)
  }, APP_HEARTBEAT_MS)
  return () => {
    stops.forEach((stop) => stop())
    clearInterval(watchdog)
  }
}
