/**
 * A side panel of the board screen that gives way in a small window. Wide, it is simply its panel.
 * In a window narrower than `foldBelow` it folds to a narrow rail with one button, which opens the
 * panel as a drawer over the board; the button again, Esc inside it or a click outside it close
 * it. The panel stays mounted either way, so it keeps its scroll and its filters; closed, it tells
 * its content it is not shown (lib/panel-shown.ts), so that holds its periodic work.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react'
import { closeDrawer, toggleDrawer, useUiStore, type Drawer } from '../../store/ui-store'
import { PanelShownContext } from '../../lib/panel-shown'

export function PanelDrawer({
  name,
  side,
  foldBelow,
  label,
  badge,
  children,
}: {
  name: Drawer
  /** Which side of the board it is on: the drawer opens from there, over the board. */
  side: 'left' | 'right'
  /** The window width (CSS px) below which the panel folds. */
  foldBelow: number
  /** Written down the rail and the button's accessible name. */
  label: string
  /** What the rail shows beside the label (e.g. the unread count); null for nothing. */
  badge?: ReactNode
  children: ReactNode
}) {
  const folded = useNarrowerThan(foldBelow)
  const open = useUiStore((s) => s.drawer === name) && folded
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const closeFromOutside = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) closeDrawer()
    }
    document.addEventListener('pointerdown', closeFromOutside)
    return () => document.removeEventListener('pointerdown', closeFromOutside)
  }, [open])
  return (
    <div
      ref={ref}
      className={folded ? `panel-drawer ${side} folded` : `panel-drawer ${side}`}
      data-drawer={name}
      data-open={open}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) closeDrawer()
      }}
    >
      <button
        type="button"
        className="drawer-toggle"
        aria-expanded={open}
        aria-label={label}
        title={open ? `Close ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
        hidden={!folded}
        data-testid={`drawer-toggle-${name}`}
        onClick={() => toggleDrawer(name)}
      >
        <span className="drawer-label">{label}</span>
        {badge}
      </button>
      <div className="drawer-body">
        <PanelShownContext.Provider value={!folded || open}>{children}</PanelShownContext.Provider>
      </div>
    </div>
  )
}

/** Whether the window is narrower than `px`, following it as it is resized. */
function useNarrowerThan(px: number): boolean {
  const query = `(max-width: ${px - 0.02}px)`
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches)
}
