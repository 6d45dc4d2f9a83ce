/**
 * CSV export of the match or the chosen range. Electron answers after its save dialog; the headless
 * host hands the text back, and the page turns it into a download.
 */
import { useState } from 'react'
import type { ExportResult } from '../../../../shared/history'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'

export function ExportButton({ matchId, range }: { matchId: number; range: { from: number; to: number } | null }) {
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const run = async () => {
    setBusy(true)
    setMessage(null)
    try {
      setMessage(deliver(await call('history:export', { matchId, from: range?.from, to: range?.to })))
    } catch (e) {
      setMessage(`Export failed: ${describeError(e)}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <span className="export">
      {message && (
        <span className="muted export-message" data-testid="export-message" title={message}>
          {message}
        </span>
      )}
      <button type="button" className="primary" disabled={busy} onClick={() => void run()} data-testid="review-export">
        {busy ? 'Exporting…' : range ? 'Export range CSV' : 'Export CSV'}
      </button>
    </span>
  )
}

function deliver(result: ExportResult): string {
  switch (result.kind) {
    case 'saved':
      return `Saved ${result.rows.toLocaleString()} ticks to ${result.path}`
    case 'download':
      download(result.fileName, result.csv)
      return `Downloaded ${result.fileName} (${result.rows.toLocaleString()} ticks)`
    case 'canceled':
      return 'Export canceled'
  }
}

function download(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the download manager; the URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
