/**
 * A window whose renderer died or hung is reloaded, and the trader is told: the reload URL carries
 * `?recovered=<reason>` (shared/recovery.ts), which the renderer shows as a notice. A hung renderer
 * is ended first, as Electron advises, so the reload runs in a fresh process. Everything goes
 * through the core's fault door. A renderer that keeps dying is not reloaded forever: past
 * RELOAD_LIMIT reloads in RELOAD_WINDOW_MS the window is left alone and that is reported too.
 */
import type { Details } from 'electron'
import { RECOVERED_PARAM, type RecoveryReason } from '../shared/recovery'
import type { FaultReporter } from './core/faults/fault-reporter'
import type { ShellWindow } from './electron-api'

export const RELOAD_LIMIT = 3
export const RELOAD_WINDOW_MS = 60_000

export function recoverRenderer(window: ShellWindow, faults: FaultReporter, now: () => number = Date.now): void {
  const contents = window.webContents
  const reloads: number[] = []
  // Set while a hung renderer is being ended by us: its render-process-gone is not a second fault.
  let endingHungRenderer = false

  const reload = (reason: RecoveryReason) => {
    const at = now()
    while (reloads.length > 0 && (reloads[0] ?? 0) <= at - RELOAD_WINDOW_MS) reloads.shift()
    if (reloads.length >= RELOAD_LIMIT) {
      faults.report({
        process: 'renderer',
        kind: 'renderer-not-reloaded',
        message: `the window was reloaded ${RELOAD_LIMIT} times within a minute; it is left as it is`,
        detail: { reason },
      })
      return
    }
    reloads.push(at)
    const target = recoveredUrl(contents.getURL(), reason)
    if (!target) return contents.reload() // it never got as far as a page: start it again plainly
    contents
      .loadURL(target)
      .catch((error: unknown) =>
        faults.report({ process: 'renderer', kind: 'renderer-reload-failed', message: 'the reload failed', error }),
      )
  }

  contents.on('render-process-gone', (_event, details) => {
    if (window.isDestroyed() || details.reason === 'clean-exit') return
    if (endingHungRenderer) {
      endingHungRenderer = false
      return
    }
    faults.report({
      process: 'renderer',
      kind: 'render-process-gone',
      message: `the window's renderer ended (${details.reason}, exit code ${details.exitCode}); reloading`,
      detail: { reason: details.reason, exitCode: details.exitCode },
    })
    reload('crashed')
  })

  window.on('unresponsive', () => {
    faults.report({
      process: 'renderer',
      kind: 'unresponsive',
      message: 'the window stopped responding; reloading',
    })
    endingHungRenderer = true
    contents.forcefullyCrashRenderer()
    reload('unresponsive')
  })
}

/** The page the window was on (its `#/route` kept), marked as recovered; null when there was none. */
function recoveredUrl(current: string, reason: RecoveryReason): string | null {
  if (!URL.canParse(current)) return null
  const url = new URL(current)
  url.searchParams.set(RECOVERED_PARAM, reason)
  return url.toString()
}

/** A GPU, network or utility process ended: logged through the fault door; a clean exit is not a fault. */
export function reportChildProcessGone(faults: FaultReporter, details: Details): void {
  if (details.reason === 'clean-exit') return
  const name = details.name ?? details.serviceName ?? details.type
  faults.report({
    process: 'child',
    kind: 'child-process-gone',
    message: `the ${name} process ended (${details.reason}, exit code ${details.exitCode})`,
    detail: { type: details.type, reason: details.reason, exitCode: details.exitCode, name },
  })
}
