/**
 * The delivery stage: turns firings into in-app alert entries and system notifications.
 *
 * - Every firing that passes the rule's cooldown and do-not-repeat becomes an unread entry. Both are
 *   kept per rule and outcome, or per rule and match (`cooldownPer`): one busy outcome must not
 *   silence a desk-wide rule for every other. A firing the cooldown holds back is counted and listed
 *   (the first HELD_LISTED, in words) on the entry that started the cooldown, which goes out again
 *   with them at most once a second: nothing a rule matched vanishes without a trace.
 * - Notifications go through the Notifier port. Firings within `coalesceSeconds` of the first pending
 *   one are announced together when that window closes ("5 price moves"). Mute and quiet hours
 *   suppress notifications only — entries are still recorded and counted as unread.
 * - `onChange` listeners (bridge push, tray badge) hear about new entries and the unread count.
 */
import { randomUUID } from 'node:crypto'
import type { AlertDeliverySettings, AlertEntry, AlertRule } from '../../../shared/alerts'
import { coalescedText } from './alert-text'
import type { AlertFiring, AlertSink, Notifier, Scheduler } from './ports'
import { timerScheduler } from './ports'
import { isQuietAt } from './quiet-hours'

export interface AlertsChange {
  added: readonly AlertEntry[]
  /** Entries whose read flag changed (the cache keeps it, so a restart does not unread them). */
  read: readonly AlertEntry[]
  /** Entries whose cooldown held back more firings since they last went out. */
  held: readonly AlertEntry[]
  unread: number
}

/** Held-back firings listed in words on their entry; beyond it they are only counted. */
export const HELD_LISTED = 20
/** Held-back counts go out at most this often, not once per firing of a flood. */
const HELD_REPORT_MS = 1000
/** Cooldowns are swept of the expired once there are this many (one per outcome a rule fired on). */
const COOLDOWN_SWEEP_AT = 4096

interface Cooldown {
  until: number
  /** The entry that started it, which counts what it holds back. */
  entryId: string
}

export interface AlertDeliveryDeps {
  notifier: Notifier
  now(): number
  settings: AlertDeliverySettings
  /** Defaults to real (unref'd) timers. */
  scheduler?: Scheduler
  newId?: () => string
  /** Oldest entries beyond this are dropped from the in-app list. */
  maxEntries?: number
}

export const ALERT_LIST_CAP = 1000

export class AlertDelivery implements AlertSink {
  private settings: AlertDeliverySettings
  private readonly scheduler: Scheduler
  private readonly newId: () => string
  private readonly maxEntries: number
  /** Oldest first; Map keeps insertion order and finds an id for markRead. */
  private readonly entriesById = new Map<string, AlertEntry>()
  private unread = 0
  /** By `repeatKey`: the cooldowns running. */
  private readonly cooldowns = new Map<string, Cooldown>()
  private nextCooldownSweep = COOLDOWN_SWEEP_AT
  /** `repeatKey`s of firings already delivered by do-not-repeat rules. */
  private readonly deliveredOnce = new Set<string>()
  /** Entries whose held-back count grew since it last went out. */
  private readonly heldChanged = new Set<string>()
  private cancelHeldReport: (() => void) | null = null
  private pending: AlertEntry[] = []
  private cancelFlush: (() => void) | null = null
  private readonly listeners = new Set<(change: AlertsChange) => void>()

  constructor(private readonly deps: AlertDeliveryDeps) {
    this.settings = deps.settings
    this.scheduler = deps.scheduler ?? timerScheduler
    this.newId = deps.newId ?? randomUUID
    this.maxEntries = deps.maxEntries ?? ALERT_LIST_CAP
  }

  setSettings(settings: AlertDeliverySettings): void {
    this.settings = settings
  }

  currentSettings(): AlertDeliverySettings {
    return this.settings
  }

  /** Records a firing; returns the entry, or null when cooldown (held back) or do-not-repeat swallowed it. */
  accept(firing: AlertFiring): AlertEntry | null {
    const { rule } = firing
    const key = repeatKey(rule, firing)
    if (rule.doNotRepeat && this.deliveredOnce.has(key)) return null
    const cooldown = this.cooldowns.get(key)
    if (cooldown !== undefined && firing.at < cooldown.until) {
      this.holdBack(cooldown.entryId, firing)
      return null
    }
    if (rule.doNotRepeat) this.deliveredOnce.add(key)

    const { title, body } = firing.text()
    const entry: AlertEntry = {
      id: this.newId(),
      ruleId: rule.id,
      ruleName: rule.name,
      kind: rule.condition.kind,
      matchId: firing.matchId,
      ...(firing.oddType !== undefined && { oddType: firing.oddType }),
      ...(firing.oddKey !== undefined && { oddKey: firing.oddKey }),
      title,
      body,
      createdAt: firing.at,
      read: false,
    }
    this.store(entry)
    if (rule.cooldownSeconds > 0) this.startCooldown(key, firing.at + rule.cooldownSeconds * 1000, entry.id)
    this.queueNotification(entry)
    this.emit([entry], [])
    return entry
  }

  /** Forget cooldown and do-not-repeat history of a rule (call when it is edited or deleted). */
  forgetRule(ruleId: string): void {
    const prefix = `${ruleId}|`
    for (const key of this.cooldowns.keys()) if (key.startsWith(prefix)) this.cooldowns.delete(key)
    for (const key of this.deliveredOnce) if (key.startsWith(prefix)) this.deliveredOnce.delete(key)
  }

  /** Newest first. */
  entries(): AlertEntry[] {
    return [...this.entriesById.values()].reverse()
  }

  unreadCount(): number {
    return this.unread
  }

  markRead(ids: readonly string[] | 'all'): void {
    const targets = ids === 'all' ? [...this.entriesById.keys()] : ids
    const read: AlertEntry[] = []
    for (const id of targets) {
      const entry = this.entriesById.get(id)
      if (!entry || entry.read) continue
      const marked = { ...entry, read: true }
      this.entriesById.set(id, marked)
      this.unread--
      read.push(marked)
    }
    if (read.length > 0) this.emit([], read)
  }

  /**
   * Puts back the entries an earlier run recorded (any order) before anything new arrives, so the
   * in-app list and its unread count survive a restart. Cooldowns start afresh: they are about
   * notification noise within one run.
   */
  restore(entries: readonly AlertEntry[]): void {
    for (const entry of [...entries].sort((a, b) => a.createdAt - b.createdAt)) {
      if (this.entriesById.has(entry.id)) continue
      this.entriesById.set(entry.id, entry)
      if (!entry.read) this.unread++
    }
    this.trim()
  }

  /**
   * Forgets every entry and cooldown (the feed changed: its alerts are another list, and its match
   * ids name other matches), keeping do-not-repeat, which lasts until a rule is edited.
   */
  clear(): void {
    this.entriesById.clear()
    this.cooldowns.clear()
    this.heldChanged.clear()
    this.unread = 0
  }

  /** Returns the unsubscribe function. */
  onChange(listener: (change: AlertsChange) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Announces whatever is pending now (the coalescing timer calls this too). */
  flush(): void {
    this.cancelFlush?.()
    this.cancelFlush = null
    const batch = this.pending
    this.pending = []
    const [first] = batch
    // Checked again at flush: mute or quiet hours may have begun while the batch was collecting.
    if (first === undefined || this.notificationsSuppressed()) return
    this.deps.notifier.notify({ ...coalescedText(batch), matchId: first.matchId, alertIds: batch.map((e) => e.id) })
  }

  /** Sends the entries whose held-back count grew (the report timer calls this too). */
  reportHeld(): void {
    this.cancelHeldReport?.()
    this.cancelHeldReport = null
    const held = [...this.heldChanged].flatMap((id) => this.entriesById.get(id) ?? [])
    this.heldChanged.clear()
    if (held.length > 0) this.emit([], [], held)
  }

  /** Cancels the pending coalescing and report timers (the pending batch is dropped, held counts kept). */
  dispose(): void {
    this.cancelFlush?.()
    this.cancelFlush = null
    this.pending = []
    this.cancelHeldReport?.()
    this.cancelHeldReport = null
  }

  private startCooldown(key: string, until: number, entryId: string): void {
    this.cooldowns.set(key, { until, entryId })
    if (this.cooldowns.size < this.nextCooldownSweep) return
    const now = this.deps.now()
    for (const [k, c] of this.cooldowns) if (c.until <= now) this.cooldowns.delete(k)
    this.nextCooldownSweep = Math.max(COOLDOWN_SWEEP_AT, this.cooldowns.size * 2)
  }

  /** Counts a held-back firing on its entry (in words for the first HELD_LISTED) and schedules the report. */
  private holdBack(entryId: string, firing: AlertFiring): void {
    const entry = this.entriesById.get(entryId)
    if (!entry) return // trimmed from the list: nothing left to count on
    const held = entry.held ?? { count: 0, cooldownSeconds: firing.rule.cooldownSeconds, firings: [] }
    const firings =
      held.firings.length < HELD_LISTED ? [...held.firings, { at: firing.at, ...firing.text() }] : held.firings
    this.entriesById.set(entryId, { ...entry, held: { ...held, count: held.count + 1, firings } })
    this.heldChanged.add(entryId)
    this.cancelHeldReport ??= this.scheduler.schedule(HELD_REPORT_MS, () => this.reportHeld())
  }

  private store(entry: AlertEntry): void {
    this.entriesById.set(entry.id, entry)
    this.unread++
    this.trim()
  }

  private trim(): void {
    for (const [id, old] of this.entriesById) {
      if (this.entriesById.size <= this.maxEntries) break
      this.entriesById.delete(id)
      if (!old.read) this.unread--
    }
  }

  private queueNotification(entry: AlertEntry): void {
    if (this.notificationsSuppressed()) return
    this.pending.push(entry)
    if (this.settings.coalesceSeconds === 0) this.flush()
    else this.cancelFlush ??= this.scheduler.schedule(this.settings.coalesceSeconds * 1000, () => this.flush())
  }

  private notificationsSuppressed(): boolean {
    return this.settings.muted || isQuietAt(this.settings.quietHours, this.deps.now())
  }

  private emit(added: readonly AlertEntry[], read: readonly AlertEntry[], held: readonly AlertEntry[] = []): void {
    const change: AlertsChange = { added, read, held, unread: this.unread }
    for (const listener of this.listeners) listener(change)
  }
}

/** What cooldown and do-not-repeat are kept for: the rule and the firing's outcome, or its match. */
function repeatKey(rule: AlertRule, firing: AlertFiring): string {
  if (rule.cooldownPer === 'match') return `${rule.id}|${firing.matchId}`
  return `${rule.id}|${firing.matchId}|${firing.oddType ?? ''}|${firing.oddKey ?? ''}`
}
