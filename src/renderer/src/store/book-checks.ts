/**
 * The bookmaker's check of each watched match's book (the odds feed's verify route), asked when a
 * card mounts and every half minute after. Its own store: an answer re-renders only the margin
 * labels that read it, never a card or a price cell.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import { bookMarketKey, type BookCheck } from '../../../shared/board'
import { call } from '../bridge'

const CHECK_EVERY_MS = 30_000
/** A check that failed (the feed still starting, a 429) is asked again soon, not half a minute later. */
const RETRY_FAILED_CHECK_MS = 3_000

const useBookCheckStore = create<Record<number, BookCheck>>(() => ({}))

/** Keeps the match's book check fresh while the calling component is mounted. */
export function useBookCheck(matchId: number): void {
  useEffect(() => {
    let live = true
    let retry: ReturnType<typeof setTimeout> | undefined
    const ask = () =>
      call('odds:verify', { matchId }).then(
        (check) => live && useBookCheckStore.setState({ [matchId]: check }),
        // No check shows as no margin (the prices themselves are unaffected) until a retry answers.
        () => {
          if (!live || retry !== undefined) return
          retry = setTimeout(() => {
            retry = undefined
            void ask()
          }, RETRY_FAILED_CHECK_MS)
        },
      )
    void ask()
    const timer = setInterval(() => void ask(), CHECK_EVERY_MS)
    return () => {
      live = false
      clearInterval(timer)
      clearTimeout(retry)
    }
  }, [matchId])
}

/** The market's margin (0.05 = 5 %), or undefined until the book was checked. */
export function useMarketMargin(matchId: number, oddType: string, marketName: string): number | undefined {
  return useBookCheckStore((s) => s[matchId]?.margins[bookMarketKey(oddType, marketName)])
}
