/**
 * One running replay: drives the clock from animation frames, pulls ticks from the stream as the
 * clock passes them and reports each frame's board. Kept out of React so a frame loop is plain code.
 */
import { applyTicks, stepClock, type ReplayBoard, type ReplayClock, type ReplaySpeed, type TickStream } from './replay'

export interface ReplayFrame {
  board: ReplayBoard
  clock: ReplayClock
  fetched: number
  total: number | null
}

export class ReplayRun {
  private frameId = 0
  private lastWall = 0
  private stopped = false

  constructor(
    private readonly stream: TickStream,
    private board: ReplayBoard,
    private clock: ReplayClock,
    private readonly onFrame: (frame: ReplayFrame) => void,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(): void {
    this.lastWall = performance.now()
    this.frameId = requestAnimationFrame(this.tick)
  }

  togglePause(): void {
    if (this.stopped) return
    const playing = !this.clock.playing && this.clock.position < this.clock.end
    this.clock = { ...this.clock, playing }
    cancelAnimationFrame(this.frameId)
    if (playing) this.start()
    else this.report()
  }

  setSpeed(speed: ReplaySpeed): void {
    this.clock = { ...this.clock, speed }
  }

  stop(): void {
    this.stopped = true
    cancelAnimationFrame(this.frameId)
  }

  private readonly tick = (wallNow: number): void => {
    if (this.stopped) return
    this.stream.fill().catch((e: unknown) => {
      this.stop()
      this.onError(e)
    })
    this.clock = stepClock(this.clock, wallNow - this.lastWall, this.stream.bufferedUntil())
    this.lastWall = wallNow
    const ticks = this.stream.take(this.clock.position)
    if (ticks.length > 0) this.board = applyTicks(this.board, ticks)
    this.report()
    if (this.clock.playing) this.frameId = requestAnimationFrame(this.tick)
  }

  private report(): void {
    this.onFrame({ board: this.board, clock: this.clock, ...this.stream.progress() })
  }
}
