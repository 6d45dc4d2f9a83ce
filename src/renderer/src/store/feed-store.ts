/** Feed mode and connection health as main last reported them. */
import { create } from 'zustand'
import type { FeedMode } from '../../../shared/keys'
import type { AppHealth } from '../../../shared/health'

interface FeedStore {
  mode: FeedMode | null
  health: AppHealth | null
  /** Why the board could not be loaded, in words; null when it could. */
  boardError: string | null
}

export const useFeedStore = create<FeedStore>(() => ({ mode: null, health: null, boardError: null }))
