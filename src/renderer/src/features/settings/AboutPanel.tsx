/**
 * Settings → About: what is running and where it keeps its files, the last crash file's summary
 * (from any run) with a button that shows the crash folder, and the diagnostic bundle's button.
 */
import { useEffect, useState } from 'react'
import type { AppInfo } from '../../../../shared/bridge/contract'
import { call } from '../../bridge'
import { describeError } from '../../lib/errors'
import { formatClockTime } from '../../lib/format'
import { useFeedStore } from '../../store/feed-store'
import { SaveDiagnostics } from './SaveDiagnostics'

export function AboutPanel() {
  const [info, setInfo] = useState<AppInfo | null>(null)
  const [folderNote, setFolderNote] = useState<string | null>(null)
  const lastCrash = useFeedStore((s) => s.health?.faults.lastCrash ?? null)
  useEffect(() => {
    call('app:info').then(setInfo, (error: unknown) => setFolderNote(describeError(error)))
  }, [])
  const openFolder = () =>
    call('app:openCrashFolder').then(
      ({ opened, path }) => setFolderNote(opened ? `Opened ${path}` : `Crash files are in ${path}`),
      (error: unknown) => setFolderNote(describeError(error)),
    )
  return (
    <section className="panel about" data-testid="about">
      <div className="panel-title">About</div>
      {info && (
        <dl className="about-facts">
          <dt>Version</dt>
          <dd>
            {info.name} {info.version} · {info.host} · {info.platform}
          </dd>
          <dt>Data folder</dt>
          <dd>{info.dataDir}</dd>
          <dt>Log</dt>
          <dd>{info.logFile}</dd>
        </dl>
      )}
      <div className="about-crash" data-testid="last-crash">
        {lastCrash ? (
          <>
            Last crash: <span className="num">{new Date(lastCrash.at).toLocaleDateString()}</span>{' '}
            <span className="num">{formatClockTime(lastCrash.at)}</span> · <strong>{lastCrash.kind}</strong> ·{' '}
            {lastCrash.message}
          </>
        ) : (
          <span className="muted">No crash recorded.</span>
        )}
      </div>
      <div className="actions">
        <button type="button" onClick={() => void openFolder()} data-testid="open-crash-folder">
          Open crash folder
        </button>
        {folderNote && (
          <span className="muted" data-testid="crash-folder-note">
            {folderNote}
          </span>
        )}
      </div>
      <SaveDiagnostics />
    </section>
  )
}
