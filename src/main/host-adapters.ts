/**
 * Electron's side of the core's host ports: desktop notifications (a click brings the window up on
 * that match), the save dialog for exports, and a match in its own window.
 */
import { BrowserWindow, dialog, Notification, shell } from 'electron'
import { closeSync, openSync, writeSync } from 'node:fs'
import type { HostPorts } from './core/host-ports'

export interface ElectronHostOptions {
  mainWindow: () => BrowserWindow | null
  showMainWindow: () => void
  focusMatch: (matchId: number) => void
  openMatchWindow: (matchId: number) => void
}

export function electronHostPorts(options: ElectronHostOptions): HostPorts {
  return {
    notifier: {
      notify({ title, body, matchId }) {
        if (!Notification.isSupported()) return
        const notification = new Notification({ title, body })
        notification.on('click', () => {
          options.showMainWindow()
          options.focusMatch(matchId)
        })
        notification.show()
      },
    },
    exporter: {
      async exportCsv(suggestedName, produce) {
        const parent = options.mainWindow()
        const choice = await (parent
          ? dialog.showSaveDialog(parent, {
              defaultPath: suggestedName,
              filters: [{ name: 'CSV', extensions: ['csv'] }],
            })
          : dialog.showSaveDialog({ defaultPath: suggestedName, filters: [{ name: 'CSV', extensions: ['csv'] }] }))
        if (choice.canceled || !choice.filePath) return { kind: 'canceled' }
        const fd = openSync(choice.filePath, 'w')
        try {
          const rows = produce((chunk) => void writeSync(fd, chunk))
          return { kind: 'saved', path: choice.filePath, rows }
        } finally {
          closeSync(fd)
        }
      },
    },
    windows: {
      openMatch(matchId) {
        options.openMatchWindow(matchId)
        return { url: null }
      },
    },
    folders: { openFolder: async (path) => (await shell.openPath(path)) === '' },
  }
}
