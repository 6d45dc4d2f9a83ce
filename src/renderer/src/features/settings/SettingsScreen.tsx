/**
 * Settings: feed keys (through the keychain actions), the kind of each key, feed endpoints, language, conflation, theme,
 * board density, retention, the override jump that is confirmed twice, the feed-lag and paint
 * warnings; About with the last crash.
 */
import { useState } from 'react'
import { validate, type FieldErrors, type Validated } from '../../../../shared/alerts'
import { SettingsPatch, type Settings } from '../../../../shared/settings'
import { call } from '../../bridge'
import { fieldErrors } from '../../lib/errors'
import { numberField, withNumberErrors } from '../../lib/form-number'
import { useFeedStore } from '../../store/feed-store'
import { applySettings, useSettingsStore } from '../../store/settings-store'
import { AboutPanel } from './AboutPanel'
import { KeysPanel } from './KeysPanel'

type Draft = Record<keyof Settings, string>

const TEXT_FIELDS: { key: keyof Settings; label: string; hint?: string }[] = [
  { key: 'bookmakerId', label: 'Bookmaker id' },
  { key: 'dataBaseUrl', label: 'Data service URL', hint: 'https://…/sport' },
  { key: 'wsBaseUrl', label: 'Data live URL', hint: 'wss://…' },
  { key: 'imageBaseUrl', label: 'Image URL', hint: 'https://…' },
  { key: 'oddsBaseUrl', label: 'Odds feed URL', hint: 'https://…' },
  { key: 'oddsWsBaseUrl', label: 'Odds live URL', hint: 'wss://…' },
  { key: 'language', label: 'Language', hint: 'en, pt-BR' },
]
const NUMBER_FIELDS: { key: keyof Settings; label: string }[] = [
  { key: 'conflationMs', label: 'Conflation interval (ms)' },
  { key: 'retentionDays', label: 'Keep history (days)' },
  { key: 'overrideConfirmAbovePct', label: 'Ask twice for an override that moves the price by more than (%)' },
  { key: 'feedLagWarnMs', label: 'Warn when prices arrive later than this after the feed sent them (ms)' },
  { key: 'paintWarnMs', label: 'Warn when the board paints a price later than this after its arrival (ms)' },
]
const NUMBER_KEYS = new Set(NUMBER_FIELDS.map((f) => f.key))
/** Each setting as the "Saved …" line names it: the trader's words, never the stored key. */
const SETTING_NAMES: Record<keyof Settings, string> = {
  sport: 'sport',
  bookmakerId: 'bookmaker id',
  dataBaseUrl: 'data service URL',
  wsBaseUrl: 'data live URL',
  imageBaseUrl: 'image URL',
  oddsBaseUrl: 'odds feed URL',
  oddsWsBaseUrl: 'odds live URL',
  language: 'language',
  conflationMs: 'conflation interval',
  theme: 'theme',
  boardDensity: 'board density',
  retentionDays: 'history kept',
  overrideConfirmAbovePct: 'override confirmation limit',
  feedLagWarnMs: 'feed lag warning',
  paintWarnMs: 'paint warning',
  dataKeyStyle: 'data service key kind',
  oddsKeyStyle: 'odds feed key kind',
}
/** How each service's key is sent (shared/wire/keys.ts): the two kinds of key the provider issues. */
const KEY_STYLE_FIELDS: { key: 'dataKeyStyle' | 'oddsKeyStyle'; label: string }[] = [
  { key: 'dataKeyStyle', label: 'Data service key kind' },
  { key: 'oddsKeyStyle', label: 'Odds feed key kind' },
]

export function SettingsScreen() {
  const settings = useSettingsStore((s) => s.settings)
  const loadError = useSettingsStore((s) => s.error)
  return (
    <div className="settings" data-testid="settings">
      <KeysPanel />
      {settings ? (
        <SettingsForm settings={settings} />
      ) : (
        <div className="pad muted">{loadError ? `Settings: ${loadError}` : 'Loading settings…'}</div>
      )}
      <AboutPanel />
    </div>
  )
}

function SettingsForm({ settings }: { settings: Settings }) {
  const sports = useFeedStore((s) => s.mode?.sports)
  const [draft, setDraft] = useState<Draft>(() => toDraft(settings))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saved, setSaved] = useState<string | null>(null)
  const field = (key: keyof Settings) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [key]: e.target.value }),
    'aria-label': key,
    name: key,
  })
  const save = async () => {
    const changed = changedSettings(draft, settings)
    if (!changed.ok) {
      setErrors(changed.errors)
      setSaved(null)
      return
    }
    const patch = changed.value
    const names = (Object.keys(patch) as (keyof Settings)[]).map((key) => SETTING_NAMES[key])
    try {
      applySettings(await call('settings:update', patch))
      setErrors({})
      setSaved(names.length ? `Saved: ${names.join(', ')}.` : 'Nothing changed.')
    } catch (error) {
      setErrors(fieldErrors(error))
      setSaved(null)
    }
  }
  return (
    <form
      className="panel settings-form"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
    >
      <div className="panel-title">Feed and display</div>
      <div className="form-grid two">
        <label>
          Sport
          <select {...field('sport')}>
            {[...new Set([draft.sport, ...(sports ?? [])])].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          {/* Every sport of the desk is reached from the data URLs by swapping this one's name in them. */}
          <span className="muted">the sport the data URLs name; Discover opens on it</span>
        </label>
        {KEY_STYLE_FIELDS.map(({ key, label }) => (
          <label key={key}>
            {label}
            <select {...field(key)}>
              <option value="bearer">dashboard key (sent as Authorization: Bearer)</option>
              <option value="marketplace">marketplace key (sent as X-RapidAPI-Key, per-sport host)</option>
            </select>
          </label>
        ))}
        {TEXT_FIELDS.map(({ key, label, hint }) => (
          <label key={key}>
            {label}
            <input {...field(key)} placeholder={hint} spellCheck={false} />
            {errors[key] && <span className="field-error">{errors[key]}</span>}
          </label>
        ))}
        {NUMBER_FIELDS.map(({ key, label }) => (
          <label key={key}>
            {label}
            <input {...field(key)} inputMode="decimal" />
            {errors[key] && (
              <span className="field-error" data-testid={`settings-error-${key}`}>
                {errors[key]}
              </span>
            )}
          </label>
        ))}
        <label>
          Theme
          <select {...field('theme')}>
            <option value="dark">dark</option>
            <option value="light">light</option>
          </select>
        </label>
        <label>
          Board density
          <select {...field('boardDensity')}>
            <option value="comfortable">comfortable</option>
            <option value="compact">compact (several matches side by side)</option>
          </select>
        </label>
      </div>
      {errors[''] && <div className="field-error">{errors['']}</div>}
      <div className="actions">
        <button type="submit" className="primary">
          Save settings
        </button>
        <button type="button" onClick={() => setDraft(toDraft(settings))}>
          Revert
        </button>
        {saved && (
          <span className="ok-text" data-testid="settings-saved">
            {saved}
          </span>
        )}
      </div>
    </form>
  )
}

/**
 * The fields that differ from the saved settings, checked here against the same schema main uses:
 * a number that does not parse or is out of range is refused beside its field, in words, and never
 * sent (main would refuse it too, but as input outside the bridge's contract, which is a fault).
 */
function changedSettings(draft: Draft, settings: Settings): Validated<SettingsPatch> {
  const patch: Record<string, unknown> = {}
  const numberErrors: FieldErrors = {}
  for (const key of Object.keys(draft) as (keyof Settings)[]) {
    const value = NUMBER_KEYS.has(key) ? numberField(numberErrors, key, draft[key], true) : draft[key]
    if (value !== settings[key]) patch[key] = value
  }
  return withNumberErrors(validate(SettingsPatch, patch), numberErrors)
}

function toDraft(settings: Settings): Draft {
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)])) as Draft
}
