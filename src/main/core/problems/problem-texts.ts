/**
 * The words of each problem the banner stack shows: what happened, with the file, time or figure
 * the trader needs, and what to do about it on this platform. Only words here; the sources that
 * decide when a problem holds are in problem-sources.ts and clock-skew.ts.
 */
import type { FeedService, RouteNotUnderstood, StreamHealth } from '../../../shared/health'
import type { CacheFileError } from '../cache/errors'
import type { CacheFileState } from '../cache/recovering-cache'
import type { SalvageCounts } from '../cache/salvage'
import type { CacheWriteState } from '../cache/write-pacer'
import type { ServiceName } from '../clients/http/service-gate'
import type { RefusedSettings, SetAsideSettings } from '../settings-file'
import type { StoreSaveState } from '../settings-store'
import type { UnexpectedEnd } from './last-alive'
import type { RaisedProblem } from './problem-board'

export const PROBLEM_IDS = {
  cacheSetAside: 'cache-set-aside',
  settingsSetAside: 'settings-set-aside',
  settingsEntriesRefused: 'settings-entries-refused',
  keychain: 'keychain-unreachable',
  clockSkew: 'clock-skew',
  cacheWrites: 'cache-writes-failing',
  cacheUnsaved: 'cache-not-saved',
  settingsUnsaved: 'settings-not-saved',
  endedUnexpectedly: 'ended-unexpectedly',
} as const

const count = new Intl.NumberFormat('en-US')

/**
 * One banner per service and stream kind whose streams are not understood, and one per service for
 * its REST routes (kind `rest`: the route that went first is named).
 */
export function feedNotUnderstoodId(service: FeedService, kind: string): string {
  return `feed-not-understood:${service}:${kind}`
}

const when = new Intl.DateTimeFormat([], { dateStyle: 'medium', timeStyle: 'medium', hour12: false })

/** The last run ended without stopping (last-alive.ts): when, and which prices were not recorded. */
export function endedUnexpectedlyProblem({ lastAliveAt, startedAt }: UnexpectedEnd): RaisedProblem {
  return {
    id: PROBLEM_IDS.endedUnexpectedly,
    severity: 'warning',
    dismissible: true,
    title: 'Odds Monitor did not close normally',
    happened:
      `The app last ran at ${when.format(lastAliveAt)} and ended without closing (it was killed, crashed or lost power). ` +
      `Prices from ${when.format(lastAliveAt)} to ${when.format(startedAt)} were not recorded and are missing from history and review.`,
    toDo: 'Nothing to do now: recording has started again. If it happens again, the crash folder (Settings) may say why.',
  }
}

export function cacheSetAsideProblem(error: CacheFileError): RaisedProblem {
  const kept = `set aside as ${error.movedTo}; history before ${when.format(error.at)} is in that file`
  const base = { id: PROBLEM_IDS.cacheSetAside, severity: 'info' as const, dismissible: true }
  switch (error.problem) {
    case 'corrupt':
      return {
        ...base,
        title: 'Price cache set aside',
        happened: `The price cache was damaged and ${kept}. A new cache was started${salvageWords(error.salvaged)}`,
        toDo: 'Nothing to do unless you need that history: the file is kept as it was, for an SQLite tool or support.',
      }
    case 'newer-version':
      return {
        ...base,
        title: 'Price cache from a newer version set aside',
        happened: `The price cache was written by a newer version of Odds Monitor and ${kept}. This version started a new cache.`,
        toDo: 'Nothing to do unless you need that history: update Odds Monitor, then, with the app closed, put the file back as cache.sqlite.',
      }
    case 'foreign':
      return {
        ...base,
        title: 'Another program’s file set aside',
        happened: `The file in the price cache’s place was not an Odds Monitor cache; it was set aside as ${error.movedTo} and a new cache was started.`,
        toDo: 'If another program uses that file, move it back where it came from; otherwise nothing to do.',
      }
  }
}

/** What of a damaged cache could still be read into the new one. */
function salvageWords(salvaged: SalvageCounts | null): string {
  if (!salvaged) return '.'
  if (salvaged.ticks === 0 && salvaged.records === 0) return '; nothing in the damaged file could still be read.'
  const copied = `${count.format(salvaged.ticks)} prices and ${count.format(salvaged.records)} other records could still be read and were copied into it`
  const lost =
    salvaged.unreadable > 0
      ? `; ${count.format(salvaged.unreadable)} damaged parts (each at most a minute of one outcome’s prices, or one table) could not be read`
      : ''
  return `: ${copied}${lost}.`
}

export function settingsSetAsideProblem(setAside: SetAsideSettings): RaisedProblem {
  return {
    id: PROBLEM_IDS.settingsSetAside,
    severity: 'warning',
    dismissible: true,
    title: 'Settings file set aside',
    happened: `The settings file could not be read (${setAside.problem}) and was set aside as ${setAside.movedTo} at ${when.format(setAside.at)}; settings, watchlists and alert rules started afresh.`,
    toDo: 'Set them again in Settings and Discover, or copy what you need from that file (it is text).',
  }
}

export function settingsEntriesRefusedProblem(refused: RefusedSettings): RaisedProblem {
  const [first, ...rest] = refused.entries
  const which = `${first?.where} (${first?.problem})${rest.length > 0 ? ` and ${rest.length} more` : ''}`
  const leftOut = rest.length === 0 ? 'One saved entry was' : `${refused.entries.length} saved entries were`
  return {
    id: PROBLEM_IDS.settingsEntriesRefused,
    severity: 'warning',
    dismissible: true,
    title: 'Some saved entries left out',
    happened: `${leftOut} left out of the settings file as unreadable: ${which}. Every other watchlist, match and alert rule was read as saved; ${refused.keptIn ? `what was left out is kept in ${refused.keptIn}` : 'what was left out could not be kept in a file (the data folder cannot be written)'}.`,
    toDo: 'Add those matches again from Discover, or copy what you need from that file (it is text).',
  }
}

const UNLOCK_KEYCHAIN: Record<string, string> = {
  darwin: 'Unlock your login keychain (Keychain Access)',
  win32: 'Check that Windows Credential Manager is available to your account',
}

/** The adapter says "no keychain available (why)"; the banner already says the first part. */
const ADAPTER_WORDS = /^no keychain available \((.+)\)$/

export function keychainProblem(reason: string, platform: string): RaisedProblem {
  const why = ADAPTER_WORDS.exec(reason)?.[1] ?? reason
  const unlock =
    UNLOCK_KEYCHAIN[platform] ??
    'Unlock your keyring (GNOME Keyring, KWallet) and check that a secrets service runs in your desktop session'
  return {
    id: PROBLEM_IDS.keychain,
    severity: 'warning',
    // The app works on the demo feed, and Settings → Keys says the same: a trader who wants no keys may hide it.
    dismissible: true,
    title: 'Keychain unavailable',
    happened: `The keychain cannot be reached (${why}): API keys cannot be read or saved, so the demo feed is used.`,
    toDo: `${unlock}, then open Settings → Keys: the app looks again.`,
  }
}

const TIME_SYNC: Record<string, string> = {
  darwin: 'System Settings → General → Date & Time → Set time and date automatically',
  win32: 'Settings → Time & language → Date & time → Set time automatically',
}

/** `offsetMs`: the feed's clock minus this machine's (positive: this machine is behind). */
export function clockSkewProblem(offsetMs: number, service: ServiceName, platform: string): RaisedProblem {
  const seconds = (Math.abs(offsetMs) / 1000).toFixed(1)
  const feed = service === 'odds-feed' ? 'the odds feed' : 'the data service'
  const direction = offsetMs > 0 ? 'behind' : 'ahead of'
  return {
    id: PROBLEM_IDS.clockSkew,
    severity: 'warning',
    // Every price age and lag on screen is off while it lasts; it goes by itself once the clock is right.
    dismissible: false,
    title: 'Clock out of step with the feed',
    happened: `This computer’s clock is ${seconds} s ${direction} ${feed}: price ages and lags are off by that much.`,
    toDo: `Turn on automatic time sync (${TIME_SYNC[platform] ?? 'timedatectl set-ntp true, or your desktop’s date and time settings'}).`,
  }
}

/** What to do depends on why SQLite could not write (its words: "database or disk is full"…). */
function cacheWriteToDo(reason: string, file: string): string {
  if (/full/i.test(reason)) return `Free space on the disk that holds ${file}; the app tries again by itself.`
  if (/locked|busy/i.test(reason))
    return `Close any other program that has ${file} open (an SQLite browser, a backup); the app tries again by itself.`
  return `Check the disk that holds ${file}; the app tries again by itself.`
}

export function cacheWritesProblem(state: CacheWriteState, file: string): RaisedProblem {
  const held = `${count.format(state.heldTicks)} prices are held in memory and will be saved when it works again`
  const dropped = state.droppedTicks > 0 ? `; ${count.format(state.droppedTicks)} older ones could not be kept` : ''
  return {
    id: PROBLEM_IDS.cacheWrites,
    severity: 'error',
    // Every price the app sees meanwhile may be lost from history; it goes by itself once writes work.
    dismissible: false,
    title: 'Price cache cannot save',
    happened: `Saving to the price cache fails (${state.reason ?? 'unknown error'}) since ${when.format(state.failingSince ?? Date.now())}: ${held}${dropped}.`,
    toDo: cacheWriteToDo(state.reason ?? '', file),
  }
}

/** What to do about a cache file out of reach, by why. */
function cacheUnsavedToDo(reason: string, file: string): string {
  if (/another copy/.test(reason))
    return 'Close the other copy of Odds Monitor (or start this one with another data folder); this one then saves to the file by itself.'
  if (/locked/.test(reason))
    return `Close the program that has ${file} open (an SQLite browser, a backup); the app tries again every few seconds.`
  return `Make ${file} a file the app can write (a writable disk, no folder in its place); the app tries again every few seconds.`
}

export function cacheUnsavedProblem(state: CacheFileState, file: string): RaisedProblem {
  const reason = state.unsaved ?? 'unknown'
  return {
    id: PROBLEM_IDS.cacheUnsaved,
    severity: 'error',
    // Nothing the app records is kept after it closes while this lasts; it goes by itself once the file opens.
    dismissible: false,
    title: 'Price cache not saved',
    happened: `The price cache ${file} cannot be used (${reason}) since ${when.format(state.since ?? Date.now())}: prices, overrides and alerts are kept in a file of this session and copied into the cache once it can be used; if the app closes first they are lost.`,
    toDo: cacheUnsavedToDo(reason, file),
  }
}

export function settingsUnsavedProblem(state: StoreSaveState, folder: string): RaisedProblem {
  const reason = state.unsaved ?? 'unknown'
  return {
    id: PROBLEM_IDS.settingsUnsaved,
    severity: 'error',
    // Edits made meanwhile are lost if the app closes; it goes by itself once they are written.
    dismissible: false,
    title: `Settings not saved: ${reason}`,
    happened: `Settings, watchlists and alert rules cannot be saved in ${folder} (${reason} — not saved) since ${when.format(state.since ?? Date.now())}. What you change is kept in memory and saved as soon as the disk takes it; if the app closes first, it is lost.`,
    toDo: /full/.test(reason)
      ? `Free space on the disk that holds ${folder}; the app saves again by itself.`
      : `Make ${folder} a folder the app can write; the app saves again by itself.`,
  }
}

const FEED_NAMES: Record<FeedService, { title: string; words: string }> = {
  odds: { title: 'Odds feed', words: 'The odds feed’s' },
  data: { title: 'Data service', words: 'The data service’s' },
}

/**
 * `streams`: the streams of one service and kind that are not understood, the one that went first
 * first. Its words name that stream and its first refusal (scrubbed: a parse error may quote the
 * frame), and stay the same while the trouble lasts, so the banner is not re-sent every second.
 */
export function feedNotUnderstoodProblem(
  streams: readonly StreamHealth[],
  scrub: (text: string) => string,
): RaisedProblem {
  const first = streams[0] as StreamHealth
  const { since, firstRefusal } = first.notUnderstood ?? { since: Date.now(), firstRefusal: 'unknown' }
  const feed = FEED_NAMES[first.service]
  const more = streams.length > 1 ? ` and ${streams.length - 1} more` : ''
  const are = streams.length > 1 ? 'streams are' : 'stream is'
  return {
    id: feedNotUnderstoodId(first.service, first.kind),
    severity: 'error',
    // Whatever the stream carries is lost while it lasts; it goes by itself once its frames are read.
    dismissible: false,
    title: `${feed.title}: ${first.kind} stream not understood`,
    happened: `${feed.words} ${first.kind} ${are} connected (${first.id}${more}), but most of its frames are refused since ${when.format(since)}, so what it carries is not shown. First refusal: ${scrub(firstRefusal)}.`,
    toDo: 'Show its frames to see what the feed sends, and save a diagnostic bundle for support (Settings → About). This clears by itself once its frames are read again.',
    inspectStream: first.id,
  }
}

/** A REST route of the service whose answers are mostly refused (clients/http/route-understanding.ts). */
export function routeNotUnderstoodProblem(
  service: FeedService,
  { route, since, firstRefusal }: RouteNotUnderstood,
  scrub: (text: string) => string,
): RaisedProblem {
  const feed = FEED_NAMES[service]
  return {
    id: feedNotUnderstoodId(service, 'rest'),
    severity: 'error',
    // What the route answers is lost while it lasts; it goes by itself once its answers are read.
    dismissible: false,
    title: `${feed.title}: route ${route} not understood`,
    happened: `${feed.words} answers on ${route} are mostly refused since ${when.format(since)}, so what they carry is not shown. First refusal: ${scrub(firstRefusal)}.`,
    toDo: 'Save a diagnostic bundle for support (Settings → About): it holds the last answer of every route. This clears by itself once its answers are read again.',
  }
}
