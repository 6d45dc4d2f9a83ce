/**
 * What the core needs from whichever host runs it (Electron's main process or the browser host),
 * beyond storage and the keychain: showing a notification, saving an export, opening a match in
 * its own window, showing a folder (the crash files). Each host adapts these to its own means.
 */
import type { ExportResult } from '../../shared/history'
import type { Notifier } from './alerts/ports'

export interface CsvExporter {
  /** Asks where to save (or prepares a download), then lets `produce` write the CSV in chunks. */
  exportCsv(suggestedName: string, produce: (write: (chunk: string) => void) => number): Promise<ExportResult>
}

export interface MatchWindowOpener {
  /** Opens the match on its own; answers a URL when the page must open it itself (a browser tab). */
  openMatch(matchId: number): { url: string | null }
}

export interface FolderOpener {
  /** Shows the folder in the system's file manager; false when that could not be done. */
  openFolder(path: string): Promise<boolean>
}

export interface HostPorts {
  notifier: Notifier
  exporter: CsvExporter
  windows: MatchWindowOpener
  folders: FolderOpener
}

/** The browser host's exporter: the CSV goes back to the page, which offers it as a download. */
export const downloadExporter: CsvExporter = {
  async exportCsv(fileName, produce) {
    const chunks: string[] = []
    const rows = produce((chunk) => chunks.push(chunk))
    return { kind: 'download', fileName, csv: chunks.join(''), rows }
  },
}
