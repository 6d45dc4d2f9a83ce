/**
 * Settings → About → "Save diagnostic bundle": a folder with what the feeds sent lately (each
 * stream's last frames, each REST route's last answer), versions and settings, keys replaced, for
 * support (core/diagnostics/diagnostic-bundle.ts). Electron asks where; the browser host writes it
 * under its data folder. Either way the page says where it went.
 */
import { useState } from 'react'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'

export function SaveDiagnostics() {
  const [saving, setSaving] = useState(false)
  const [note, setNote] = useState<string | null>(null)
  const save = () => {
    setSaving(true)
    setNote(null)
    call('app:saveDiagnostics')
      .then(
        (saved) =>
          setNote(
            saved.kind === 'saved'
              ? `Saved to ${saved.path}: the last frames of ${saved.streams} streams and the last answers of ${saved.routes} REST routes, keys replaced by [redacted]. Send that folder to support.`
              : 'Not saved.',
          ),
        (error: unknown) => setNote(describeError(error)),
      )
      .finally(() => setSaving(false))
  }
  return (
    <div className="actions">
      <button type="button" onClick={save} disabled={saving} data-testid="save-diagnostics">
        {saving ? 'Saving…' : 'Save diagnostic bundle'}
      </button>
      {note && (
        <span className="muted" data-testid="diagnostics-note">
          {note}
        </span>
      )}
    </div>
  )
}
