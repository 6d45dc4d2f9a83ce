import { describe, expect, it } from 'vitest'
import { blankHeader, emptyBoardPatch, type BoardCell, type MatchBoard } from '../../../shared/board'
import type { PriceChange } from '../../../shared/domain'
import { foldEvents } from '../features/replay/replay-batch'
import { HOME, homeTick as tick } from '../features/replay/replay-events.test-support'
import {
  acknowledgeOverrideAlerts,
  applyReplayBatch,
  loadBoards,
  receivePatch,
  showReplayBoards,
  tapeRing,
  useBoardStore,
  useOverrideAlertStore,
} from './board-store'
import { clearReplayed, useReplayStore } from './replay-store'

const cell = (price: number, changedAt: number): BoardCell => ({
  outcomeId: HOME,
  matchId: 7,
  oddType: 'main',
  oddKey: 'w#home',
  price,
  suspended: false,
  direction: 'flat',
  delta: 0,
  deltaPct: 0,
  changedAt,
  override: null,
})
const board = (price: number, changedAt: number): MatchBoard => ({
  header: { ...blankHeader(7, 'badminton'), synced: true },
  layout: { matchId: 7, groups: [] },
  cells: [cell(price, changedAt)],
})
const liveChange: PriceChange = {
  ...cell(2.5, 9_000),
  serverTs: 8_990,
  receivedTs: 9_000,
  previousPrice: 2.4,
  previousSuspended: false,
  direction: 'up',
  delta: 0.1,
  deltaPct: 4.17,
}

function openSession(): void {
  useReplayStore.setState({
    session: {
      label: 'Evening',
      matches: [],
      from: 1_000,
      to: 2_000,
      marks: [],
      unrecorded: [],
      clock: { position: 1_000, end: 2_000, speed: 10, playing: true },
      loading: false,
      error: null,
    },
  })
  clearReplayed()
}

describe('the board while a replay shows', () => {
  it('keeps live patches off the replayed board, while the live tape and override alerts go on filling', () => {
    loadBoards([board(2.4, 8_000)])
    openSession()
    showReplayBoards([board(1.9, 1_000)])
    const liveTapeBefore = tapeRing.end
    const override = {
      ...liveChange,
      feed: 'demo' as const,
      action: 'set' as const,
      oddValue: 3,
      previousValue: 2.5,
      durationSeconds: 60,
      setAt: 9_000,
      expiresAt: 69_000,
      own: false,
    }
    const seq = (useBoardStore.getState().seq ?? 0) + 1
    receivePatch({
      ...emptyBoardPatch(seq, 9_000),
      cells: [cell(2.5, 9_000)],
      tape: [liveChange],
      overrides: [override],
    })
    // A board reload (a lost patch, a reconnection) does not replace the replayed board either.
    loadBoards([board(2.6, 9_500)])

    expect(useBoardStore.getState().cells[HOME]?.price).toBe(1.9)
    expect(useBoardStore.getState().seq).toBe(seq)
    expect(tapeRing.end).toBe(liveTapeBefore + 1)
    expect(useOverrideAlertStore.getState().alerts[0]?.event).toEqual(override)
    expect(useReplayStore.getState().tape.end).toBe(0)
    expect(useReplayStore.getState().overrides.alerts).toEqual([])
    // The live rows are not on screen: none is acknowledged unseen.
    acknowledgeOverrideAlerts('all')
    expect(useOverrideAlertStore.getState().alerts[0]?.read).toBe(false)

    // Leaving: the live board loads whole again.
    useReplayStore.setState({ session: null })
    loadBoards([board(2.6, 9_500)])
    expect(useBoardStore.getState().cells[HOME]?.price).toBe(2.6)
  })

  it('puts a frame of replayed events on the board in one update, and the moves and alerts in the replay’s own lists', () => {
    openSession()
    showReplayBoards([board(1.9, 1_000)])
    let updates = 0
    const stop = useBoardStore.subscribe(() => updates++)
    const alert = {
      id: 'a1',
      ruleId: 'r1',
      ruleName: 'Moves',
      kind: 'move' as const,
      matchId: 7,
      title: 'Home moved',
      body: '1.90 → 2.00',
      createdAt: 1_200,
      read: false,
    }
    applyReplayBatch(
      foldEvents(useBoardStore.getState().cells, [
        tick(1_100, 2.0),
        { kind: 'alert', at: 1_200, alert },
        tick(1_300, 2.1),
        { kind: 'alert', at: 1_300, alert: { ...alert, id: 'a2', createdAt: 1_300 } },
      ]),
    )
    stop()
    expect(updates).toBe(1)
    expect(useBoardStore.getState().cells[HOME]).toMatchObject({
      price: 2.1,
      direction: 'up',
      changedAt: 1_300,
    })
    const replayed = useReplayStore.getState()
    expect([replayed.tape.get(0)?.price, replayed.tape.get(1)?.price]).toEqual([2.0, 2.1])
    expect(replayed.alerts.map((a) => a.id)).toEqual(['a2', 'a1'])
    useReplayStore.setState({ session: null })
  })

  it('counts the changes a fast replay did not show, until the playhead jumps', () => {
    openSession()
    applyReplayBatch(foldEvents(useBoardStore.getState().cells, [tick(2_000, 2.2)]), 37)
    applyReplayBatch(foldEvents(useBoardStore.getState().cells, []), 5)
    expect(useReplayStore.getState().folded).toBe(42)
    clearReplayed()
    expect(useReplayStore.getState().folded).toBe(0)
    useReplayStore.setState({ session: null })
  })

  it('shows a fast step’s newest tape rows only, counts the rest as not shown, in one update of the lists', () => {
    openSession()
    showReplayBoards([board(2.0, 1_000)])
    let updates = 0
    const stop = useReplayStore.subscribe(() => updates++)
    const step = [2.1, 2.2, 2.3, 2.4, 2.5].map((price, i) => tick(1_100 + i * 10, price))
    applyReplayBatch(foldEvents(useBoardStore.getState().cells, step), 3, 2)
    stop()
    const { tape, folded } = useReplayStore.getState()
    expect(tape.size).toBe(2)
    expect([tape.get(0)?.price, tape.get(1)?.price]).toEqual([2.4, 2.5])
    expect(folded).toBe(3 + 3)
    expect(updates).toBe(1)
    expect(useBoardStore.getState().cells[HOME]?.price).toBe(2.5)
    clearReplayed()
    useReplayStore.setState({ session: null })
  })
})
