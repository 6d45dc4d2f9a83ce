/**
 * Hotkeys that stay quiet while the trader types: a key pressed in a text field, select or
 * editable element belongs to that field. Modifier chords (Ctrl/Cmd+K) are handled separately.
 */
import { useEffect, useRef } from 'react'

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color'].includes(target.type)
  return false
}

export type HotkeyMap = Record<string, (event: KeyboardEvent) => void>

/** Binds plain keys (`event.key`, e.g. `'1'`, `'ArrowDown'`, `'Enter'`) while the component is mounted. */
export function useHotkeys(map: HotkeyMap, enabled = true): void {
  const latest = useRef(map)
  useEffect(() => {
    latest.current = map
  })
  useEffect(() => {
    if (!enabled) return
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target))
        return
      if (document.querySelector('[role="dialog"]')) return // a modal owns the keyboard
      const action = latest.current[event.key]
      if (action) {
        event.preventDefault()
        action(event)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [enabled])
}
