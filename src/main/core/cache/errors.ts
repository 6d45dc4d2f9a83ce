/** Typed errors of the cache: callers can tell a bad file from bad input without parsing text. */
import type { SalvageCounts } from './salvage'

/** `foreign`: a sound SQLite file, but not one this app wrote (another program's database). */
export type CacheFileProblem = 'corrupt' | 'newer-version' | 'foreign'

const PROBLEM_WORDS: Record<CacheFileProblem, string> = {
  corrupt: 'corrupt',
  'newer-version': 'from a newer app version',
  foreign: 'not an Odds Monitor cache',
}

/** The database file could not be used as it is; it has been set aside (never overwritten). */
export class CacheFileError extends Error {
  override readonly name = 'CacheFileError'
  constructor(
    readonly problem: CacheFileProblem,
    readonly file: string,
    /** Where the unusable file now lives. */
    readonly movedTo: string,
    detail: string,
    /** Epoch ms it was set aside: what the file holds was recorded before then. */
    readonly at: number,
    /** What of a corrupt file could still be read and was copied into the new one. */
    readonly salvaged: SalvageCounts | null = null,
  ) {
    super(`cache file ${file} is ${PROBLEM_WORDS[problem]} (${detail}); moved to ${movedTo}`)
  }
}

/** A value handed to the cache cannot be stored (non-finite price, bad time, …). Nothing of the call was kept. */
export class CacheInputError extends Error {
  override readonly name = 'CacheInputError'
  constructor(message: string) {
    super(message)
  }
}

/** The cache was used after close(). */
export class CacheClosedError extends Error {
  override readonly name = 'CacheClosedError'
  constructor() {
    super('cache is closed')
  }
}
