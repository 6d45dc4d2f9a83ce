/**
 * Memory bench: what the renderer's live stores hold at 50 watched matches and a full change
 * tape. The store's two parts (board-data.ts's maps, tape-ring.ts's ring) are loaded in this
 * process and fed the way the page feeds them: boards built by the core's own price book from the simulator's
 * recorded snapshots, then a tape ring of the store's capacity fed the recorded price messages as
 * changes, 200 at a time, each batch JSON round-tripped as it is over the bridge. Bytes are the
 * live V8 heap after a full collection (what a heap snapshot totals) plus ArrayBuffer memory.
 * Node's heap has no pointer compression, so objects here are larger than in Chromium: the
 * object-heavy board maps read high; the tape's columns are the same size in both.
 *
 *   npm run bench -- memory [--matches 50]
 *
 * Prints bytes per tape entry (the ring's 100,000 entries, filled twice over so it has wrapped)
 * and the board maps' bytes per match and per cell.
 */
import type { MatchBoard } from '../src/shared/board'
import type { PriceChange } from '../src/shared/domain'
import type { MatchPricesWire, PriceMessage } from '../src/shared/wire/odds'
import { PriceBook } from '../src/main/core/watch/price-book'
import { boardFromSnapshots } from '../src/renderer/src/store/board-data'
import { TAPE_CAPACITY, TapeRing } from '../src/renderer/src/store/tape-ring'
import { loadOrRecord, type Recording } from './ingest-frames'
import { recordFromSimulator } from './ingest'
import { exposeGc, machineLoad, numberArg } from './support'

const gc = exposeGc()

/** Live JS heap plus ArrayBuffer memory (a typed array's bytes live outside the JS heap). */
function liveBytes(): number {
  for (let i = 0; i < 3; i++) gc()
  const { heapUsed, arrayBuffers } = process.memoryUsage()
  return heapUsed + arrayBuffers
}

const quiet = { tick() {}, change() {}, cell() {}, layout() {} }

/** `matches` boards: the recorded snapshots, reused under new match ids past the recorded few. */
function boardsOf(recording: Recording, matches: number): MatchBoard[] {
  const recorded = recording.matches
  return Array.from({ length: matches }, (_, i) => {
    const source = recorded[i % recorded.length]!
    const matchId = source.matchId + Math.floor(i / recorded.length) * 1_000_000
    const book = new PriceBook(matchId, quiet)
    book.applySnapshot({ ...(recording.snapshots[source.matchId] as MatchPricesWire), matchId }, Date.now())
    return {
      header: {
        matchId,
        sport: source.sport,
        status: 'inprogress',
        statusReason: null,
        score: null,
        clock: null,
        lastIncident: null,
        synced: true,
      },
      layout: book.layout(),
      cells: book.cells(),
    }
  })
}

function recordedPrices(recording: Recording): PriceMessage[] {
  return recording.matches.flatMap((m) =>
    m.frames.flatMap((f) => (f.text.includes('"type":"price"') ? [JSON.parse(f.text) as PriceMessage] : [])),
  )
}

/** The recorded price messages as the tape's changes, in a loop without end. */
function* changes(prices: PriceMessage[], boards: MatchBoard[]): Generator<PriceChange> {
  const previous = new Map<string, number>()
  for (let n = 0; ; n++) {
    const m = prices[n % prices.length]!
    const matchId = boards[n % boards.length]!.header.matchId
    const price = m.price as number
    const key = `${matchId}/${m.oddType}/${m.oddKey}`
    const before = previous.get(key) ?? price
    previous.set(key, price)
    yield {
      matchId,
      oddType: m.oddType,
      oddKey: m.oddKey,
      price,
      suspended: m.suspended,
      serverTs: m.ts,
      receivedTs: m.ts + 3,
      previousPrice: before,
      previousSuspended: false,
      direction: price > before ? 'up' : price < before ? 'down' : 'flat',
      delta: price - before,
      deltaPct: before === 0 ? 0 : ((price - before) / before) * 100,
    }
  }
}

/** Pushes `count` tape entries in patches of 200, each through JSON as over the bridge. */
function feed(ring: TapeRing, source: Generator<PriceChange>, count: number): void {
  for (let done = 0; done < count; done += 200) {
    const tape = Array.from({ length: Math.min(200, count - done) }, () => source.next().value as PriceChange)
    ring.push(JSON.parse(JSON.stringify(tape)) as PriceChange[])
  }
}

export async function run(args: string[]): Promise<void> {
  const matches = numberArg(args, '--matches', 50)
  const recording = await loadOrRecord(recordFromSimulator)
  const boards = boardsOf(recording, matches)
  const cellCount = boards.reduce((n, b) => n + b.cells.length, 0)
  const wire = JSON.stringify(boards)
  // Built before the first reading: the bench's own data must not count as the stores'.
  const source = changes(recordedPrices(recording), boards)
  const empty = liveBytes()
  const board = boardFromSnapshots(JSON.parse(wire) as MatchBoard[])
  const withBoards = liveBytes()
  // A ring of the store's capacity, counted from before it exists: its columns are its cost.
  const ring = new TapeRing(TAPE_CAPACITY)
  feed(ring, source, TAPE_CAPACITY)
  const fullOnce = liveBytes()
  feed(ring, source, TAPE_CAPACITY)
  const fullTwice = liveBytes()
  console.log(
    JSON.stringify({
      bench: 'memory',
      matches,
      // Read after the last measurement: keeps the board maps alive through it.
      cells: Object.keys(board.cells).length,
      tapeEntries: ring.size,
      bytesPerTapeEntry: Math.round((fullTwice - withBoards) / ring.size),
      bytesPerTapeEntryFirstFill: Math.round((fullOnce - withBoards) / TAPE_CAPACITY),
      boardBytesPerMatch: Math.round((withBoards - empty) / matches),
      boardBytesPerCell: Math.round((withBoards - empty) / cellCount),
      heapMB: Number((fullTwice / 2 ** 20).toFixed(1)),
      load: machineLoad(),
    }),
  )
}
