/**
 * Whether the panel a component sits in is on screen. A side panel folded into a closed drawer
 * (PanelDrawer, small windows) stays mounted, so it keeps its scroll and its filters, but nobody
 * sees what it draws: its periodic work (the tape's refresh) waits until it shows again.
 */
import { createContext, useContext } from 'react'

/** Outside any drawer a panel is shown. */
export const PanelShownContext = createContext(true)

export function usePanelShown(): boolean {
  return useContext(PanelShownContext)
}
