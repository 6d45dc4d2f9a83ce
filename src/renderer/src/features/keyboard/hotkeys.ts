/**
 * Hotkeys that stay quiet while the trader types: a key pressed in a text field, select or
 * editable element belongs to that field, and Enter on a focused button is that button's.
 * Modifier chords (Ctrl/Cmd+K) are handled separately.
 */
import { useEffect, useRef } from 'react'

/** Enter or Space on a focused button or link is that control's own click, never a hotkey. */
function isControlActivation(event: KeyboardEvent): boolean {
  if (event.key !== 'Enter' && event.key !== ' ') return false
  const target = event.target
  return target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement
}

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
      if (isControlActivation(event)) return
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

/**
 * Esc leaves the text field the trader is in (the field's own Escape, e.g. clearing a search, runs
 * first), so the screen's keys work again without reaching for the mouse. In a dialog, Esc is the
 * dialog's: it closes it.
 */
export function useEscapeLeavesFields(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !isTypingTarget(event.target)) return
      const field = event.target as HTMLElement
      if (field.closest('[role="dialog"]')) return
      field.blur()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
}
