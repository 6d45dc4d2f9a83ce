/**
 * Collects what changed on the board and ships it as ONE patch per conflation interval: cells are
 * remembered by id only and read from the live state at flush time, so a hundred ticks of one
 * outcome cost one cell in the patch; every change still goes to the tape (capped per patch).
 */
import type { BoardCell, BoardPatch, MatchBoard, MatchHeaderPatch, MatchLayout } from '../../../shared/board'
import type { OverrideEvent, PriceChange } from '../../../shared/domain'
import { ChangeTape } from './change-tape'

/** Where the batcher reads current values at flush time. */
export interface BoardSource<CellRef> {
  /** The cell's current value; undefined when its match is gone. */
  cell(ref: CellRef, matchId: number): BoardCell | undefined
  layout(matchId: number): MatchLayout | undefined
  board(matchId: number): MatchBoard | undefined
}

export class BoardBatcher<CellRef> {
  private cells = new Map<string, { matchId: number; ref: CellRef }>()
  private layouts = new Set<number>()
  private boards = new Set<number>()
  private headers = new Map<number, MatchHeaderPatch>()
  private removed = new Set<number>()
  private readonly tape: ChangeTape
  private overrides: OverrideEvent[] = []
  private timer: NodeJS.Timeout | null = null
  private lastFlush = -Infinity
  private seq = 0

  constructor(
    private readonly source: BoardSource<CellRef>,
    private readonly emit: (patch: BoardPatch) => void,
    private conflationMs: number,
    maxTape: number,
    private readonly clock: () => number,
  ) {
    this.tape = new ChangeTape(maxTape)
  }

  setConflation(ms: number): void {
    this.conflationMs = ms
  }

  /** Called for nearly every feed message: a cell already pending only takes the newest ref (no allocation). */
  cell(id: string, matchId: number, ref: CellRef): void {
    const pending = this.cells.get(id)
    if (pending) pending.ref = ref
    else this.cells.set(id, { matchId, ref })
    this.touch()
  }

  layout(matchId: number): void {
    this.layouts.add(matchId)
    this.touch()
  }

  /** The whole board of the match goes out (newly watched, or resynced). */
  board(matchId: number): void {
    this.removed.delete(matchId)
    this.boards.add(matchId)
    this.touch()
  }

  header(patch: MatchHeaderPatch): void {
    const pending = this.headers.get(patch.matchId)
    this.headers.set(patch.matchId, pending ? { ...pending, ...patch } : patch)
    this.touch()
  }

  /** Only the newest `maxTape` changes of an interval ship; the rest are counted (memory stays bounded). */
  change(change: PriceChange): void {
    this.tape.push(change)
    this.touch()
  }

  override(event: OverrideEvent): void {
    this.overrides.push(event)
    this.touch()
  }

  remove(matchId: number): void {
    this.boards.delete(matchId)
    this.layouts.delete(matchId)
    this.headers.delete(matchId)
    for (const [id, c] of this.cells) if (c.matchId === matchId) this.cells.delete(id)
    this.removed.add(matchId)
    this.touch()
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private touch(): void {
    if (this.timer) return
    const wait = Math.max(0, this.lastFlush + this.conflationMs - this.clock())
    this.timer = setTimeout(() => this.flush(), wait)
  }

  private flush(): void {
    this.timer = null
    this.lastFlush = this.clock()
    const snapshots: MatchBoard[] = []
    for (const id of this.boards) {
      const board = this.source.board(id)
      if (board) snapshots.push(board)
    }
    const layouts: MatchLayout[] = []
    for (const id of this.layouts) {
      const layout = this.boards.has(id) ? undefined : this.source.layout(id)
      if (layout) layouts.push(layout)
    }
    const cells: BoardCell[] = []
    for (const c of this.cells.values()) {
      const cell = this.boards.has(c.matchId) ? undefined : this.source.cell(c.ref, c.matchId)
      if (cell) cells.push(cell)
    }
    const headers = [...this.headers.values()].filter((h) => !this.boards.has(h.matchId))
    const { changes: tape, dropped: tapeDropped } = this.tape.take()
    const patch: BoardPatch = {
      seq: ++this.seq,
      at: this.lastFlush,
      snapshots,
      layouts,
      cells,
      headers,
      tape,
      tapeDropped,
      overrides: this.overrides,
      removed: [...this.removed],
    }
    this.cells = new Map()
    this.layouts = new Set()
    this.boards = new Set()
    this.headers = new Map()
    this.removed = new Set()
    this.overrides = []
    this.emit(patch)
  }
}
