/**
 * The application core's composition root: builds the services behind the bridge and registers
 * their handlers. Both hosts (Electron's main process and the headless Node host) call this with
 * their own adapters for the ports; nothing here knows which one it runs in.
 */
import type { AppInfo } from '../../shared/bridge/contract'
import { BridgeRouter } from './bridge/router'
import { SettingsService, type KeyValueStore } from './settings'

export interface CoreOptions {
  info: AppInfo
  store: KeyValueStore
  isTrustedSender: (url: string) => boolean
  log: { error(message: string, ...details: unknown[]): void; info(message: string, ...details: unknown[]): void }
  heartbeatMs?: number
}

export interface Core {
  router: BridgeRouter
  settings: SettingsService
  stop(): Promise<void>
}

export function createCore(options: CoreOptions): Core {
  const startedAt = Date.now()
  const router = new BridgeRouter({
    isTrustedSender: options.isTrustedSender,
    onHandlerError: (channel, error) => options.log.error(`bridge handler ${channel} failed`, error),
  })
  const settings = new SettingsService(options.store)

  router.handle('app:info', () => options.info)
  router.handle('settings:get', () => settings.get())
  router.handle('settings:update', (patch) => settings.update(patch))

  const heartbeat = setInterval(() => {
    const ts = Date.now()
    router.emit('app:heartbeat', { ts, uptimeMs: ts - startedAt })
  }, options.heartbeatMs ?? 1000)
  heartbeat.unref()

  return {
    router,
    settings,
    async stop() {
      clearInterval(heartbeat)
    },
  }
}
