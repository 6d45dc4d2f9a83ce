/**
 * Where the renderer comes from: the built files on disk, or the dev server under `npm run dev`.
 * The same answer feeds the navigation guard and the IPC sender check (`AppLocation`).
 */
import { join } from 'node:path'
import type { AppLocation } from './core/bridge/trust'
import type { ShellWindow } from './electron-api'

export interface RendererSource {
  app: AppLocation
  /** Loads the renderer at a hash route (`''` for the main view, `match/12` for one match). */
  load(window: ShellWindow, route: string): Promise<void>
}

export function rendererSource(options: { devServer?: string | undefined; rendererDir: string }): RendererSource {
  const { devServer, rendererDir } = options
  if (devServer) {
    return {
      app: { kind: 'origin', origin: devServer },
      load: (window, route) => window.loadURL(`${devServer}#/${route}`),
    }
  }
  return {
    app: { kind: 'file', rendererDir },
    load: (window, route) => window.loadFile(join(rendererDir, 'index.html'), { hash: `/${route}` }),
  }
}
