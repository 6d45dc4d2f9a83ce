/**
 * Faults the browser host can be started with, for tests only (`--test-faults a,b`): they prove
 * over real sockets that the host survives what used to end it. Never set in a normal run.
 *
 * - `timer-throw`: a timer callback throws once (an uncaught exception).
 * - `promise-reject`: a promise rejects with no handler once (an unhandled rejection).
 * - `drop-board-snapshot`: the first board patch that carries a match's whole board leaves main
 *   outside its schema, as a bug in main would make it; the router must drop it and the page resync.
 * - `drop-board-patches`: the same for that patch and every board patch after it, so no later patch
 *   (and no seq gap) can bring the board to the page: only the resync on `bridge:dropped` can.
 */
import type { Core } from '../main/core/app'

export const TEST_FAULTS = ['timer-throw', 'promise-reject', 'drop-board-snapshot', 'drop-board-patches'] as const
export type TestFault = (typeof TEST_FAULTS)[number]

export function parseTestFaults(value: string | undefined): TestFault[] {
  const names = (value ?? '').split(',').filter(Boolean)
  const unknown = names.filter((name) => !(TEST_FAULTS as readonly string[]).includes(name))
  if (unknown.length) throw new Error(`unknown --test-faults ${unknown.join(', ')}; known: ${TEST_FAULTS.join(', ')}`)
  return names as TestFault[]
}

export function injectTestFaults(core: Core, faults: readonly TestFault[]): void {
  if (faults.includes('timer-throw')) {
    setTimeout(() => {
      throw new Error('test fault: thrown from a timer')
    }, 0)
  }
  if (faults.includes('promise-reject')) void Promise.reject(new Error('test fault: a promise nobody awaited'))
  if (faults.includes('drop-board-snapshot')) breakBoardPatches(core, { all: false })
  if (faults.includes('drop-board-patches')) breakBoardPatches(core, { all: true })
}

/** From the first board patch with a whole board on: that one (or every one) fails its schema. */
function breakBoardPatches(core: Core, { all }: { all: boolean }): void {
  const emit = core.router.emit.bind(core.router)
  let started = false
  let done = false
  core.router.emit = (channel, payload) => {
    if (channel === 'board:patch' && 'snapshots' in payload && payload.snapshots.length > 0) started = true
    if (done || !started || channel !== 'board:patch') return emit(channel, payload)
    done = !all
    emit(channel, { ...payload, seq: 0.5 }) // seq must be an integer: the schema refuses it
  }
}
