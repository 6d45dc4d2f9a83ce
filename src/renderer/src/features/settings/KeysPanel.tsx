/** Feed keys: set, test, remove through the keychain; the renderer only ever sees "set / not set". */
import { useEffect, useState } from 'react'
import type { KeyAccount, KeysStatus } from '../../../../shared/keys'
import { call, subscribe } from '../../bridge'
import { describeError } from '../../lib/errors'
import { formatClockTime } from '../../lib/format'

const ACCOUNTS: { account: KeyAccount; label: string }[] = [
  { account: 'data-service', label: 'Data service key' },
  { account: 'odds-feed', label: 'Odds feed key' },
]

export function KeysPanel() {
  const [status, setStatus] = useState<KeysStatus | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    call('keys:status').then(setStatus, (e: unknown) => setError(describeError(e)))
    return subscribe('keys:changed', setStatus)
  }, [])
  return (
    <div className="panel" data-testid="keys">
      <div className="panel-title">API keys</div>
      {error && <div className="inline-note">Keys: {error}</div>}
      {status && !status.keychain && (
        <div className="inline-note">
          {status.message ?? 'no keychain available'}: keys cannot be stored on this machine.
        </div>
      )}
      {ACCOUNTS.map(({ account, label }) => (
        <KeyRow key={account} account={account} label={label} status={status} onStatus={setStatus} />
      ))}
    </div>
  )
}

function KeyRow({
  account,
  label,
  status,
  onStatus,
}: {
  account: KeyAccount
  label: string
  status: KeysStatus | null
  onStatus: (s: KeysStatus) => void
}) {
  const [key, setKey] = useState('')
  const [note, setNote] = useState<string | null>(null)
  const entry = status?.accounts[account]
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action()
    } catch (e) {
      setNote(describeError(e))
    }
  }
  const lastTest = entry?.lastTest
  return (
    <div className="key-row" data-testid={`key-${account}`}>
      <span className="key-label">{label}</span>
      <span className={entry?.set ? 'badge ok' : 'badge'}>{entry?.set ? 'set' : 'not set'}</span>
      <input
        type="password"
        autoComplete="off"
        aria-label={label}
        placeholder="paste key"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        disabled={status?.keychain === false}
      />
      <button
        type="button"
        disabled={key === '' || status?.keychain === false}
        onClick={() =>
          void run(async () => {
            onStatus(await call('keys:set', { account, key }))
            setKey('')
            setNote('key stored in the keychain')
          })
        }
      >
        Set
      </button>
      <button
        type="button"
        disabled={!entry?.set}
        onClick={() =>
          void run(async () => {
            const result = await call('keys:test', { account })
            setNote(`${result.ok ? 'works' : 'failed'}: ${result.message}`)
          })
        }
      >
        Test
      </button>
      <RemoveKey
        label={label}
        disabled={!entry?.set}
        onRemove={() => run(async () => onStatus(await call('keys:remove', { account })))}
      />
      <span className="muted">
        {lastTest
          ? `last test ${formatClockTime(lastTest.at)}: ${lastTest.ok ? 'ok' : 'failed'} (${lastTest.message})`
          : 'never tested'}
      </span>
      {note && <span className="muted">{note}</span>}
    </div>
  )
}

/**
 * Remove asks once more: the key is deleted from the keychain (the trader may not have a copy),
 * and without keys the app falls back to the demo feed.
 */
function RemoveKey({ label, disabled, onRemove }: { label: string; disabled: boolean; onRemove: () => Promise<void> }) {
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <button type="button" disabled={disabled} onClick={() => setAsking(true)}>
        Remove
      </button>
    )
  return (
    <span className="confirm-inline" role="group" aria-label={`Remove the ${label}`}>
      <span>Delete the {label} from the keychain?</span>
      <button
        type="button"
        className="danger"
        onClick={() => {
          setAsking(false)
          void onRemove()
        }}
      >
        Remove key
      </button>
      <button type="button" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  )
}
