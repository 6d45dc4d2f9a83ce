/**
 * Where the problems come from, and how they reach the page: the files the core set aside at start
 * (cache, settings), the keychain as the key service last found it, the feeds' clocks as their
 * REST answers show them, the cache's writes while they fail, and live streams whose frames (or REST
 * routes whose answers) are not understood. The board is served as `problems:get` / `problems:dismiss` and pushed as
 * `problems:changed` on every change (the page loads the list once, then follows the pushes).
 */
import { BridgeFailure } from '../../../shared/bridge/result'
import type { FeedHealth, StreamHealth } from '../../../shared/health'
import type { BridgeRouter } from '../bridge/router'
import type { CacheFileError } from '../cache/errors'
import type { CacheFileState } from '../cache/recovering-cache'
import type { CacheWriteState } from '../cache/write-pacer'
import type { KeyService } from '../secrets/key-service'
import type { SettingsFileCheck } from '../settings-file'
import type { SettingsStore } from '../settings-store'
import { ClockSkewWatch } from './clock-skew'
import { ProblemBoard, type RaisedProblem } from './problem-board'
import {
  cacheSetAsideProblem,
  cacheUnsavedProblem,
  cacheWritesProblem,
  clockSkewProblem,
  feedNotUnderstoodId,
  feedNotUnderstoodProblem,
  keychainProblem,
  PROBLEM_IDS,
  routeNotUnderstoodProblem,
  settingsEntriesRefusedProblem,
  settingsSetAsideProblem,
  settingsUnsavedProblem,
} from './problem-texts'

export interface Problems {
  board: ProblemBoard
  /** Fed by both HTTP clients' answers; reset when the feed changes. */
  clockSkew: ClockSkewWatch
  stop(): void
}

/** How soon a clock set right (or wrong) between REST answers shows. */
const CLOCK_RECHECK_MS = 5000

export interface StartupFiles extends Pick<SettingsFileCheck, 'setAside' | 'refused'> {
  cache: CacheFileError | null
}

export function createProblems(router: BridgeRouter, platform: string): Problems {
  const board = new ProblemBoard()
  const clockSkew = new ClockSkewWatch((skew) => {
    if (skew) board.raise(clockSkewProblem(skew.offsetMs, skew.service, platform))
    else board.clear(PROBLEM_IDS.clockSkew)
  })
  router.handle('problems:get', () => board.list())
  router.handle('problems:dismiss', ({ id }) => {
    if (!board.dismiss(id)) throw new BridgeFailure('invalid_input', 'this problem cannot be dismissed')
    return board.list()
  })
  board.onChange((list) => router.emit('problems:changed', list))
  const recheck = setInterval(() => clockSkew.recheck(), CLOCK_RECHECK_MS)
  recheck.unref()
  return { board, clockSkew, stop: () => clearInterval(recheck) }
}

/** A file (or entries of one) the start could not use and set aside: one dismissible banner each. */
export function raiseSetAsideFiles(board: ProblemBoard, setAside: StartupFiles): void {
  if (setAside.cache) board.raise(cacheSetAsideProblem(setAside.cache))
  if (setAside.setAside) board.raise(settingsSetAsideProblem(setAside.setAside))
  if (setAside.refused) board.raise(settingsEntriesRefusedProblem(setAside.refused))
}

/** The keychain problem stands while the key service's calls fail, and goes with the first that works. */
export function watchKeychain(board: ProblemBoard, keys: KeyService, platform: string): void {
  keys.onKeychainChange((state) => {
    if (state.reachable) board.clear(PROBLEM_IDS.keychain)
    else board.raise(keychainProblem(state.reason, platform))
  })
}

/** What the core counts of a cache that cannot write: each outage once, and what it cost once over. */
export interface CacheWriteFaults {
  started(reason: string): void
  ended(droppedTicks: number): void
}

/**
 * The cache-writes problem stands while the cache fails to save ticks (its words follow each
 * paced attempt) and goes with the first write that works. The fault count hears each outage
 * once, at its start, and once more at its end if ticks had to be given up.
 */
export function watchCacheWrites(
  board: ProblemBoard,
  file: string,
  faults: CacheWriteFaults,
): (state: CacheWriteState) => void {
  let outageSince: number | null = null
  return (state) => {
    if (state.failing) {
      if (state.failingSince !== outageSince) faults.started(state.reason ?? 'unknown error')
      outageSince = state.failingSince
      board.raise(cacheWritesProblem(state, file))
      return
    }
    outageSince = null
    board.clear(PROBLEM_IDS.cacheWrites)
    if (state.droppedTicks > 0) faults.ended(state.droppedTicks)
  }
}

/** The cache file out of reach (read-only, a folder in its place, held by another copy): stands until it opens. */
export function watchCacheFile(board: ProblemBoard, file: string): (state: CacheFileState) => void {
  return (state) => {
    if (state.unsaved) board.raise(cacheUnsavedProblem(state, file))
    else board.clear(PROBLEM_IDS.cacheUnsaved)
  }
}

/** Settings the disk will not take: stands while an edit (or the folder) is not saved, and goes once it is. */
export function watchSettingsSaves(board: ProblemBoard, store: SettingsStore, folder: string): void {
  const show = (state: ReturnType<SettingsStore['saveState']>) => {
    if (state.unsaved) board.raise(settingsUnsavedProblem(state, folder))
    else board.clear(PROBLEM_IDS.settingsUnsaved)
  }
  show(store.saveState())
  store.onSaveState(show)
}

/**
 * Fed the feeds' health as it is read (each second): one banner per service and stream kind with
 * streams not understood, naming the one that went first, and one per service with a REST route
 * not understood; each goes once nothing it names is (read again, or closed).
 */
export function watchFeedUnderstanding(
  board: ProblemBoard,
  scrub: (text: string) => string,
): (health: Pick<FeedHealth, 'streams' | 'services'>) => void {
  let raised = new Set<string>()
  return ({ streams, services }) => {
    const groups = new Map<string, StreamHealth[]>()
    for (const stream of streams) {
      if (!stream.notUnderstood) continue
      const id = feedNotUnderstoodId(stream.service, stream.kind)
      const group = groups.get(id)
      if (group) group.push(stream)
      else groups.set(id, [stream])
    }
    const problems: RaisedProblem[] = []
    for (const group of groups.values()) {
      group.sort((a, b) => (a.notUnderstood?.since ?? 0) - (b.notUnderstood?.since ?? 0) || a.id.localeCompare(b.id))
      problems.push(feedNotUnderstoodProblem(group, scrub))
    }
    for (const { service, rest } of services) {
      if (rest?.notUnderstood) problems.push(routeNotUnderstoodProblem(service, rest.notUnderstood, scrub))
    }
    for (const problem of problems) board.raise(problem)
    const now = new Set(problems.map((p) => p.id))
    for (const id of raised) if (!now.has(id)) board.clear(id)
    raised = now
  }
}
