/**
 * Settings service: validated reads and writes over a storage port (electron-store in the app,
 * `conf` — the library under electron-store — in the headless host; same file format).
 */
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../shared/settings'

export interface KeyValueStore {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

const SETTINGS_KEY = 'settings'

export class SettingsService {
  private current: Settings
  private readonly listeners = new Set<(next: Settings, previous: Settings) => void>()

  /** `onRefusedField` hears of each stored field that no longer parses (it falls back to its default). */
  constructor(
    private readonly store: KeyValueStore,
    onRefusedField?: (field: string, problem: string) => void,
  ) {
    this.current = readSettings(store.get(SETTINGS_KEY), onRefusedField)
  }

  get(): Settings {
    return this.current
  }

  update(patch: SettingsPatch): Settings {
    const previous = this.current
    const next = Settings.parse({ ...previous, ...patch })
    this.current = next
    this.store.set(SETTINGS_KEY, next)
    for (const listener of this.listeners) listener(next, previous)
    return next
  }

  onChange(listener: (next: Settings, previous: Settings) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

/**
 * A stored value that no longer parses (older app, hand edit) falls back field by field. Own keys
 * only: `constructor` or `__proto__` in the file must not find the object's prototype.
 */
function readSettings(stored: unknown, onRefused?: (field: string, problem: string) => void): Settings {
  if (stored === undefined) return DEFAULT_SETTINGS
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) {
    onRefused?.('settings', 'not an object')
    return DEFAULT_SETTINGS
  }
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const [key, value] of Object.entries(stored)) {
    if (!Object.hasOwn(DEFAULT_SETTINGS, key)) continue
    const parsed = Settings.shape[key as keyof Settings].safeParse(value)
    if (parsed.success) merged[key] = value
    else onRefused?.(key, parsed.error.issues[0]?.message ?? 'invalid')
  }
  return Settings.parse(merged)
}
