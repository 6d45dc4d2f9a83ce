/**
 * The bookmaker's check of each watched match's book (the odds feed's verify route), asked when a
 * card mounts and every half minute after. A check that failed is asked again sooner, backing off
 * (3 s, 6 s, 12 s… up to the half minute): at 50 matches a fixed 3 s retry was ~170 requests every
 * 10 s at a feed that was already failing. Its own store: an answer re-renders only the margin
 * labels that read it, never a card or a price cell.
 */
import { useEffect } from 'react'
import { create } from 'zustand'
import { bookMarketKey, type BookCheck } from '../../../shared/board'
import { call } from '../bridge'
import { useLiveOnly } from './replay-store'

const CHECK_EVERY_MS = 30_000
/** A check that failed (the feed still starting, a 429) is first asked again this soon, then ever later. */
const FIRST_RETRY_MS = 3_000

/** When to ask again after `failures` failed checks in a row (0: the check answered). */
function nextCheckInMs(failures: number): number {
  return failures === 0 ? CHECK_EVERY_MS : Math.min(CHECK_EVERY_MS, FIRST_RETRY_MS * 2 ** (failures - 1))
}

const useBookCheckStore = create<Record<number, BookCheck>>(() => ({}))

/** Keeps the match's book check fresh while the calling component is mounted. */
export function useBookCheck(matchId: number): void {
  useEffect(() => {
    let live = true
    let failures = 0
    let next: ReturnType<typeof setTimeout> | undefined
    const ask = () =>
      call('odds:verify', { matchId })
        .then(
          (check) => {
            failures = 0
            if (live) useBookCheckStore.setState({ [matchId]: check })
          },
          // No check shows as no margin (the prices themselves are unaffected) until one answers.
          () => void failures++,
        )
        .finally(() => {
          if (live) next = setTimeout(ask, nextCheckInMs(failures))
        })
    void ask()
    return () => {
      live = false
      clearTimeout(next)
    }
  }, [matchId])
}

/**
 * The market's margin (0.05 = 5 %), or undefined until the book was checked. None while a replay
 * shows: the check is of the book now, not of the replayed prices.
 */
export function useMarketMargin(matchId: number, oddType: string, marketName: string): number | undefined {
  return useLiveOnly(
    useBookCheckStore((s) => s[matchId]?.margins[bookMarketKey(oddType, marketName)]),
    undefined,
  )
}
