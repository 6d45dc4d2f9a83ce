/** The trader's settings as main last confirmed them; the theme and board density follow them. */
import { create } from 'zustand'
import type { Settings } from '../../../shared/settings'
import { call } from '../bridge'
import { describeError } from '../lib/errors'

export const useSettingsStore = create<{ settings: Settings | null; error: string | null }>(() => ({
  settings: null,
  error: null,
}))

export function applySettings(settings: Settings): void {
  useSettingsStore.setState({ settings, error: null })
  document.documentElement.dataset['theme'] = settings.theme
  document.documentElement.dataset['density'] = settings.boardDensity
}

/** Loads main's settings into the store (at start, and again after a lost connection). */
export function loadSettings(): void {
  call('settings:get').then(applySettings, (error: unknown) =>
    useSettingsStore.setState({ error: describeError(error) }),
  )
}
