/**
 * Renderer faults go to main, where they are counted (process `renderer`), logged and, for the
 * kinds that ended something, kept in a crash file. Reporting never throws and never reports its
 * own failure (that would loop); a fault main cannot hear about is still shown on the page.
 */
import type { RendererFaultKind } from '../../../shared/bridge/contract'
import { call } from '../bridge'

const MAX_MESSAGE = 2_000
const MAX_STACK = 20_000

export function reportFault(kind: RendererFaultKind, error: unknown, where: string): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, MAX_STACK) : null
  call('app:reportFault', { kind, message: message.slice(0, MAX_MESSAGE), stack, where }).catch(() => undefined)
}

/**
 * The browser's notice that a ResizeObserver callback changed a size it then had to report in the
 * next frame (Chromium: "ResizeObserver loop completed with undelivered notifications"; older:
 * "… loop limit exceeded"). It arrives as a window error event with no Error, but nothing threw
 * and nothing was lost: the notifications are delivered a frame later. Not a fault.
 */
function isResizeObserverNotice(event: ErrorEvent): boolean {
  return event.error == null && /^ResizeObserver loop /.test(event.message)
}

/** Errors nothing else caught: a throw in an event handler or timer, a promise nobody awaited. */
export function installWindowFaultHandlers(): () => void {
  const onError = (event: ErrorEvent) => {
    if (!isResizeObserverNotice(event)) reportFault('uncaught-exception', event.error ?? event.message, 'window')
  }
  const onRejection = (event: PromiseRejectionEvent) => reportFault('unhandled-rejection', event.reason, 'window')
  window.addEventListener('error', onError)
  window.addEventListener('unhandledrejection', onRejection)
  return () => {
    window.removeEventListener('error', onError)
    window.removeEventListener('unhandledrejection', onRejection)
  }
}
