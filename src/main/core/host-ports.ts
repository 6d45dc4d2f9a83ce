/**
 * What the core needs from whichever host runs it (Electron's main process or the browser host),
 * beyond storage and the keychain: showing a notification, saving an export, opening a match in
 * its own window, showing a folder (the crash files), choosing where a diagnostic bundle goes. Each
 * host adapts these to its own means.
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

export interface BundleFolderChooser {
  /** Asks where to write a folder named `suggestedName` (the diagnostic bundle); null: the trader canceled. */
  chooseBundleFolder(suggestedName: string): Promise<string | null>
}

export interface HostPorts {
  notifier: Notifier
  exporter: CsvExporter
  windows: MatchWindowOpener
  folders: FolderOpener
  /**
   * Absent (the browser host): the bundle goes under the data folder, `diagnostics/`, and the page
   * is told where, since a page cannot pick a folder on the machine that runs the host.
   */
  bundles?: BundleFolderChooser
}

/** The browser host's exporter: the CSV goes back to the page, which offers it as a download. */
export const downloadExporter: CsvExporter = {
  async exportCsv(fileName, produce) {
    const chunks: string[] = []
    const rows = produce((chunk) => chunks.push(chunk))
    return { kind: 'download', fileName, csv: chunks.join(''), rows }
  },
}
