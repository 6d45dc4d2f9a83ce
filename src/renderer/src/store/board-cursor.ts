/**
 * The board's cell cursor: the outcome the arrow keys are on (features/board/use-board-keys.ts).
 * A store of its own, so a cursor move asks each price cell one question and nothing else that
 * changes in the UI asks them at all.
 */
import { create } from 'zustand'

export const useBoardCursor = create<{ outcomeId: string | null }>(() => ({ outcomeId: null }))

export const setBoardCursor = (outcomeId: string | null): void => useBoardCursor.setState({ outcomeId })

/** Whether the cursor is on this outcome: a cell re-renders only when this turns. */
export const useIsCursor = (outcomeId: string): boolean => useBoardCursor((s) => s.outcomeId === outcomeId)
