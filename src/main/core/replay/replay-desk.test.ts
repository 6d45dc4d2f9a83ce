/**
 * The desk replay against the whole core: the demo simulator over loopback, the real SQLite cache.
 * The page's board is folded from the board patches the core sends (as the renderer's store folds
 * them), and the replay of each instant must show what that board showed then.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { BoardCell, BoardPatch, MatchBoard } from '../../../shared/board'
import type { ReplayEvent, ReplayEventPage, ReplayOpened } from '../../../shared/replay'
import { applyBoardPatch, EMPTY_BOARD, type BoardData } from '../../../renderer/src/store/board-data'
import { waitUntil } from '../../../test-support/wait'
import type { Core } from '../app'
import { alertOnEveryOverride, invoke, startTestCore, TEST_APP } from '../test-support'

const running: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await item.close()
})

async function startCore(): Promise<Core> {
  const { core } = await startTestCore(mkdtempSync(join(tmpdir(), 'odds-replay-')))
  running.push({ close: () => core.stop() })
  return core
}

async function watchLive(core: Core, count: number): Promise<number[]> {
  const live = await invoke<{ matches: Array<{ matchId: number }> }>(core, 'discover:matches', {
    mode: 'live',
    sport: 'badminton',
  })
  const { activeId } = await invoke<{ activeId: string }>(core, 'watchlists:get')
  const picked = live.matches.slice(0, count)
  for (const match of picked) await invoke(core, 'watchlists:command', { op: 'addMatch', id: activeId, match })
  return picked.map((m) => m.matchId)
}

/** The page's board after each patch, from the time every watched board was synced. */
function recordPageBoards(core: Core, matchIds: readonly number[]): Array<{ at: number; board: BoardData }> {
  const samples: Array<{ at: number; board: BoardData }> = []
  let board = EMPTY_BOARD
  core.router.addSink((channel, payload) => {
    if (channel !== 'board:patch') return
    const patch = payload as BoardPatch
    board = applyBoardPatch(board, patch)
    const synced = matchIds.every((id) => board.headers[id]?.synced)
    if (synced) samples.push({ at: patch.at, board })
  })
  return samples
}

const byOutcome = (a: BoardCell, b: BoardCell) => a.outcomeId.localeCompare(b.outcomeId)

function pageBoardOf(board: BoardData, matchId: number): Pick<MatchBoard, 'header' | 'cells'> {
  return {
    header: board.headers[matchId] as MatchBoard['header'],
    cells: Object.values(board.cells)
      .filter((c) => c.matchId === matchId)
      .sort(byOutcome),
  }
}

/**
 * A core watching `count` live matches with a rule alerting on every override, and an override set
 * (7.50 on the first cell) once every board has synced; `from` is just before it was set.
 */
async function deskWithOverride(count: number) {
  const core = await startCore()
  await alertOnEveryOverride(core)
  const matchIds = await watchLive(core, count)
  const samples = recordPageBoards(core, matchIds)
  await waitUntil(() => samples.length > 0, 'every board synced')
  const from = Date.now()
  const cell = Object.values((samples.at(-1) as { board: BoardData }).board.cells)[0] as BoardCell
  const { matchId, oddType, oddKey } = cell
  await invoke(core, 'overrides:set', {
    matchId,
    oddType,
    oddKey,
    oddValue: 7.5,
    durationSeconds: 60,
    suspended: false,
  })
  return { core, matchIds, samples, cell, from }
}

describe('the desk replay', () => {
  it('shows at any instant the board the page showed then: prices, moves, overrides, scores and clocks', async () => {
    const { core, matchIds, samples, cell } = await deskWithOverride(3)
    await waitUntil(
      () => samples.filter((s) => s.board.cells[cell.outcomeId]?.override).length >= 20,
      'twenty boards with the override on',
    )
    const checked = samples.slice(-60)
    const last = checked.at(-1) as { at: number; board: BoardData }
    let compared = 0
    let overridden = 0
    for (const { at, board } of checked) {
      // A price or override received in the patch's own millisecond after the patch went is in the
      // replay's instant but was never on that board: such an instant is not a fair comparison.
      const sameMs = await invoke<ReplayEventPage>(core, 'replay:events', { matchIds, after: at - 1, to: at })
      if (sameMs.events.some((e) => e.kind === 'tick' || e.kind === 'override')) continue
      const replayed = await invoke<MatchBoard[]>(core, 'replay:stateAt', { matchIds, at })
      expect(replayed.map((b) => b.header.matchId)).toEqual(matchIds)
      for (const replay of replayed) {
        const page = pageBoardOf(board, replay.header.matchId)
        const shown = { header: replay.header, cells: [...replay.cells].sort(byOutcome) }
        expect(shown, `match ${replay.header.matchId} at ${at}`).toEqual(page)
      }
      compared++
      if (board.cells[cell.outcomeId]?.override) overridden++
    }
    // The headers compared are the feed's, not blank ones.
    expect(matchIds.every((id) => last.board.headers[id]?.status === 'live')).toBe(true)
    expect(compared).toBeGreaterThan(10)
    expect(overridden).toBeGreaterThan(5)
    // The live layout's words name the replayed outcomes.
    const [replay] = await invoke<MatchBoard[]>(core, 'replay:stateAt', { matchIds: [cell.matchId], at: last.at })
    expect(labelsOf(replay?.layout)).toEqual(expect.objectContaining(labelsOf(last.board.layouts[cell.matchId])))
  })

  it('opens a range with its boards, the override and the alert as marks in words, and the events to play', async () => {
    const { core, matchIds, from } = await deskWithOverride(2)
    const opened = await waitUntil(async () => {
      const answer = await core.router.dispatch('replay:open', { matchIds, from, to: Date.now() }, TEST_APP)
      return answer.ok && (answer.value as ReplayOpened).marks.length >= 2 && (answer.value as ReplayOpened)
    }, 'the override and its alert recorded')
    expect(opened.marks.map((m) => m.kind).sort()).toEqual(['alert', 'override'])
    const override = opened.marks.find((m) => m.kind === 'override')
    expect(override?.label).toMatch(/^Override set 7\.50 on .+ · .+$/)
    expect(override?.label).not.toContain('#')
    expect(opened.boards.map((b) => b.header.matchId)).toEqual(matchIds)
    expect(opened.unrecorded).toEqual([])

    const events: ReplayEvent[] = []
    for (let after = from - 1; after < opened.to;) {
      const page = await invoke<ReplayEventPage>(core, 'replay:events', { matchIds, after, to: opened.to })
      events.push(...page.events)
      after = page.until
    }
    expect(events.filter((e) => e.kind === 'tick')).toHaveLength(opened.totalTicks)
    expect(events.filter((e) => e.kind === 'override')).toHaveLength(1)
    expect(events.filter((e) => e.kind === 'alert')).toHaveLength(1)
  })

  it('starts a range asked from before anything was recorded at its first recorded instant, not on an empty board', async () => {
    const core = await startCore()
    const matchIds = await watchLive(core, 2)
    const asked = Date.now() - 15 * 60_000
    const opened = await waitUntil(async () => {
      const answer = await core.router.dispatch('replay:open', { matchIds, from: asked, to: Date.now() }, TEST_APP)
      return answer.ok && (answer.value as ReplayOpened).totalTicks > 0 && (answer.value as ReplayOpened)
    }, 'a price recorded')
    expect(opened.from).toBeGreaterThan(asked + 14 * 60_000)
    const first = await invoke<ReplayEventPage>(core, 'replay:events', { matchIds, after: asked, to: opened.to })
    expect(first.events[0]?.at).toBe(opened.from)
  })

  it('answers input it cannot replay in words', async () => {
    const core = await startCore()
    const [matchId = 0] = await watchLive(core, 1)
    const now = Date.now()
    const failure = (channel: 'replay:open' | 'replay:events' | 'replay:stateAt', input: unknown) =>
      core.router.dispatch(channel, input, TEST_APP)
    expect(await failure('replay:open', { matchIds: [matchId], from: now, to: now - 1000 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^the range ends before it starts/) },
    })
    expect(await failure('replay:open', { matchIds: [424242], from: now - 1000, to: now })).toEqual({
      ok: false,
      error: { code: 'not_available', message: 'nothing is recorded of match 424242 on this feed' },
    })
    await waitUntil(async () => {
      const answer = await failure('replay:stateAt', { matchIds: [matchId], at: Date.now() })
      return answer.ok && (answer.value as MatchBoard[])[0]?.cells.length
    }, 'a price recorded')
    expect(await failure('replay:open', { matchIds: [matchId], from: 1000, to: 2000 })).toMatchObject({
      ok: false,
      error: {
        code: 'not_available',
        message: expect.stringMatching(/^nothing was recorded of these matches between/),
      },
    })
    expect(await failure('replay:events', { matchIds: [matchId], after: now, to: now - 1 })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringMatching(/^the page starts after its end/) },
    })
    expect(await failure('replay:stateAt', { matchIds: [], at: now })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    })
  })
})

function labelsOf(layout: MatchBoard['layout'] | undefined): Record<string, string> {
  return Object.fromEntries(
    (layout?.groups ?? []).flatMap((g) => g.markets.flatMap((m) => m.outcomes.map((o) => [o.outcomeId, o.label]))),
  )
}
