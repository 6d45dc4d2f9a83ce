/** The trader's settings as main last confirmed them; the theme and board density follow them. */
import { create } from 'zustand'
import type { Settings } from '../../../shared/settings'

export const useSettingsStore = create<{ settings: Settings | null; error: string | null }>(() => ({
  settings: null,
  error: null,
}))

export function applySettings(settings: Settings): void {
  useSettingsStore.setState({ settings, error: null })
  document.documentElement.dataset['theme'] = settings.theme
  document.documentElement.dataset['density'] = settings.boardDensity
}
