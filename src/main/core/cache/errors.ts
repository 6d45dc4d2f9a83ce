/** Typed errors of the cache: callers can tell a bad file from bad input without parsing text. */

export type CacheFileProblem = 'corrupt' | 'newer-version'

/** The database file could not be used as it is; it has been set aside (never overwritten). */
export class CacheFileError extends Error {
  override readonly name = 'CacheFileError'
  constructor(
    readonly problem: CacheFileProblem,
    readonly file: string,
    /** Where the unusable file now lives. */
    readonly movedTo: string,
    detail: string,
  ) {
    super(
      `cache file ${file} is ${problem === 'corrupt' ? 'corrupt' : 'from a newer app version'} (${detail}); moved to ${movedTo}`,
    )
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
