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

const useBookCheckStore = create<Record<number, BookCheck>>(() => ({}))

/** Keeps the match's book check fresh while the calling component is mounted. */
export function useBookCheck(matchId: number): void {
  useEffect(() => {
    let live = true
    const ask = () =>
      call('odds:verify', { matchId }).then(
        (check) => live && useBookCheckStore.setState({ [matchId]: check }),
        () => undefined, // no check is shown as no margin: the prices themselves are unaffected
      )
    void ask()
    const timer = setInterval(() => void ask(), CHECK_EVERY_MS)
    return () => {
      live = false
      clearInterval(timer)
    }
  }, [matchId])
}

/** The market's margin (0.05 = 5 %), or undefined until the book was checked. */
export function useMarketMargin(matchId: number, oddType: string, marketName: string): number | undefined {
  return useBookCheckStore((s) => s[matchId]?.margins[bookMarketKey(oddType, marketName)])
}
