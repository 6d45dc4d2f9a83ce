/**
 * The core's FaultReporter: counts every fault by kind and by process, keeps the newest few for the
 * health model, logs each with its context, and writes a crash file for the kinds that ended or
 * nearly ended something. Everything it keeps or writes goes through the secret scrubber first.
 * `report` never throws: it runs inside uncaughtException handlers and timers' catch blocks.
 */
import type { FaultSummary, FaultsHealth } from '../../../shared/health'
import type { CoreLog } from '../app'
import { readLastCrash, writeCrashFile } from './crash-files'
import type { Fault, FaultReporter } from './fault-reporter'
import { describe, type LogRing } from './log-ring'
import type { SecretScrubber } from './secret-scrubber'

/** Kinds that ended or nearly ended a process, a window or a screen: each leaves a crash file. */
export const CRASH_KINDS: ReadonlySet<string> = new Set([
  'uncaught-exception',
  'unhandled-rejection',
  'render-process-gone',
  'child-process-gone',
  'unresponsive',
  'render-error',
])

/** A fault that repeats this often is counted and logged each time, but leaves one crash file. */
const CRASH_FILE_SPACING_MS = 5_000

/**
 * Requests refused at the browser host's door come as fast as anyone on this machine sends them:
 * thousands a second would be as many log lines. Each is counted; the first of a minute is logged,
 * then one line says how many more came in it. (Other refusals come from the app's own page or
 * files, a few at a time, and each names what it refused: they are logged one by one.)
 */
const FLOOD_KINDS: ReadonlySet<string> = new Set(['refused:host-door'])
const FLOOD_SUMMARY_EVERY_MS = 60_000

interface Flood {
  more: number
  newest: string
}

export interface FaultLogOptions {
  log: CoreLog
  ring: LogRing
  scrubber: SecretScrubber
  crashDir: string
  appVersion: string
  recentMax?: number
  clock?: () => number
  /** How long a flood's window lasts before its summary line (a minute; tests shorten it). */
  floodSummaryEveryMs?: number
}

export class FaultLog implements FaultReporter {
  private total = 0
  private readonly byKind = new Map<string, number>()
  private readonly byProcess = new Map<string, number>()
  private readonly recent: FaultSummary[] = []
  private lastCrash: FaultSummary | null
  private readonly lastCrashFileAt = new Map<string, number>()
  private readonly clock: () => number
  /** Open flood windows by `process kind`, and the timer that ends them. */
  private readonly floods = new Map<string, Flood>()
  private floodTimer: ReturnType<typeof setTimeout> | null = null

  constructor(private readonly options: FaultLogOptions) {
    this.clock = options.clock ?? Date.now
    this.lastCrash = readLastCrash(options.crashDir)
  }

  report(fault: Fault): void {
    try {
      const summary = this.count(fault)
      if (FLOOD_KINDS.has(summary.kind) && this.inOpenFlood(summary)) return
      const stack = fault.error === undefined ? '' : this.scrub(describe(fault.error))
      this.options.log.error(
        `${summary.process} fault ${summary.kind}: ${summary.message}`,
        stack,
        fault.detail ? describe(this.scrubDetail(fault.detail)) : '',
      )
      if (CRASH_KINDS.has(summary.kind)) this.keepCrashFile(summary, stack, fault.detail)
    } catch (error) {
      // The last resort: the fault path itself failed (a full disk, say). Never throw from here.
      try {
        this.options.log.error('fault reporting failed', error)
      } catch {
        // nothing left to tell
      }
    }
  }

  snapshot(): FaultsHealth {
    return {
      total: this.total,
      byKind: Object.fromEntries(this.byKind),
      byProcess: Object.fromEntries(this.byProcess),
      recent: [...this.recent],
      lastCrash: this.lastCrash,
    }
  }

  private count(fault: Fault): FaultSummary {
    const summary: FaultSummary = {
      at: this.clock(),
      process: fault.process,
      kind: fault.kind,
      message: this.scrub(fault.message),
    }
    this.total++
    this.byKind.set(summary.kind, (this.byKind.get(summary.kind) ?? 0) + 1)
    this.byProcess.set(summary.process, (this.byProcess.get(summary.process) ?? 0) + 1)
    this.recent.unshift(summary)
    this.recent.length = Math.min(this.recent.length, this.options.recentMax ?? 50)
    return summary
  }

  /** True when this refusal falls in a window whose first was logged: it goes in the summary. */
  private inOpenFlood(summary: FaultSummary): boolean {
    const key = `${summary.process} fault ${summary.kind}`
    const flood = this.floods.get(key)
    if (flood) {
      flood.more++
      flood.newest = summary.message
      return true
    }
    this.floods.set(key, { more: 0, newest: summary.message })
    this.floodTimer ??= setTimeout(
      () => this.logFloodSummaries(),
      this.options.floodSummaryEveryMs ?? FLOOD_SUMMARY_EVERY_MS,
    )
    this.floodTimer.unref?.()
    return false
  }

  private logFloodSummaries(): void {
    this.floodTimer = null
    for (const [key, { more, newest }] of this.floods) {
      if (more === 0) continue
      try {
        this.options.log.error(
          `${key}: ${more} more since the last logged, counted but not logged one by one (newest: ${newest})`,
        )
      } catch {
        // a log that fails has nothing to tell (see report)
      }
    }
    this.floods.clear()
  }

  private keepCrashFile(summary: FaultSummary, stack: string, detail: Record<string, unknown> | undefined): void {
    const key = `${summary.process} ${summary.kind}`
    const previous = this.lastCrashFileAt.get(key)
    if (previous !== undefined && summary.at - previous < CRASH_FILE_SPACING_MS) return
    this.lastCrashFileAt.set(key, summary.at)
    this.lastCrash = summary
    try {
      const path = writeCrashFile(this.options.crashDir, {
        ...summary,
        time: new Date(summary.at).toISOString(),
        appVersion: this.options.appVersion,
        stack: stack || null,
        detail: detail ? this.scrubDetail(detail) : null,
        logLines: this.options.ring.recent().map((line) => this.scrub(line)),
      })
      this.options.log.info(`crash file written: ${path}`)
    } catch (error) {
      // A read-only or full disk: the fault is still counted and logged above; only its file is missing.
      this.options.log.error(`crash file not written: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  /** The detail as plain JSON with keys scrubbed from every string in it. */
  private scrubDetail(detail: Record<string, unknown>): Record<string, unknown> {
    const text = this.scrub(describe(detail))
    try {
      return JSON.parse(text) as Record<string, unknown>
    } catch {
      return { text } // not JSON (a cycle, a BigInt): keep it as words
    }
  }

  private scrub(text: string): string {
    return this.options.scrubber.scrub(text)
  }
}
