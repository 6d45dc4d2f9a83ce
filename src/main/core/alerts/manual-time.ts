/**
 * A clock that moves only when told, and is also the Scheduler: tasks run as the clock passes their
 * time, in time order. The backtest (backtest.ts) runs the delivery stage on it, so cooldowns and the
 * coalescing window follow the recorded ticks' times; the alert tests drive coalescing with it
 * instead of sleeping.
 */
import type { Scheduler } from './ports'

export class ManualTime implements Scheduler {
  private tasks: { at: number; fn: () => void; live: boolean }[] = []

  constructor(public current: number) {}

  readonly now = (): number => this.current

  schedule(delayMs: number, fn: () => void): () => void {
    const task = { at: this.current + delayMs, fn, live: true }
    this.tasks.push(task)
    return () => {
      task.live = false
    }
  }

  /** Moves the clock forward, running due tasks in time order. */
  advance(ms: number): void {
    const target = this.current + ms
    // The common case by far (every replayed tick): nothing due, nothing to allocate.
    if (!this.tasks.some((t) => t.live && t.at <= target)) {
      this.current = target
      return
    }
    for (;;) {
      const due = this.tasks.filter((t) => t.live && t.at <= target).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      this.current = due.at
      due.live = false
      due.fn()
    }
    this.tasks = this.tasks.filter((t) => t.live)
    this.current = target
  }

  /** Moves the clock to `at` (never back), running due tasks. */
  advanceTo(at: number): void {
    if (at > this.current) this.advance(at - this.current)
  }
}
