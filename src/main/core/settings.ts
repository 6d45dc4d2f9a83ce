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

  constructor(private readonly store: KeyValueStore) {
    this.current = readSettings(store.get(SETTINGS_KEY))
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

/** A stored value that no longer parses (older app, hand edit) falls back field by field. */
function readSettings(stored: unknown): Settings {
  if (typeof stored !== 'object' || stored === null) return DEFAULT_SETTINGS
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const [key, value] of Object.entries(stored)) {
    if (!(key in DEFAULT_SETTINGS)) continue
    const field = Settings.shape[key as keyof Settings]
    if (field.safeParse(value).success) merged[key] = value
  }
  return Settings.parse(merged)
}
