/**
 * Electron's side of the core's host ports: desktop notifications (a click brings the window up on
 * that match), the save dialog for exports and for the diagnostic bundle's folder, a match in its
 * own window, and a folder shown in the system's file manager (the crash files).
 */
import { closeSync, openSync, writeSync } from 'node:fs'
import type { HostPorts } from './core/host-ports'
import type { ElectronApi } from './electron-api'

export interface ElectronHostOptions {
  showMainWindow: () => void
  focusMatch: (matchId: number) => void
  openMatchWindow: (matchId: number) => void
}

export function electronHostPorts(
  electron: Pick<ElectronApi, 'Notification' | 'dialog' | 'shell'>,
  options: ElectronHostOptions,
): HostPorts {
  const { Notification, dialog, shell } = electron
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
        const choice = await dialog.showSaveDialog({
          defaultPath: suggestedName,
          filters: [{ name: 'CSV', extensions: ['csv'] }],
        })
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
    bundles: {
      // A save dialog names the folder to create, as the bundle's name suggests (an open dialog could only pick one).
      async chooseBundleFolder(suggestedName) {
        const choice = await dialog.showSaveDialog({ title: 'Save diagnostic bundle', defaultPath: suggestedName })
        return choice.canceled || !choice.filePath ? null : choice.filePath
      },
    },
    // openPath answers an error message, or '' when the folder was shown.
    folders: { openFolder: async (path) => (await shell.openPath(path)) === '' },
  }
}
