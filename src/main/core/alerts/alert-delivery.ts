/**
 * The delivery stage: turns firings into in-app alert entries and system notifications.
 *
 * - Every firing that passes the rule's cooldown and do-not-repeat becomes an unread entry.
 * - Notifications go through the Notifier port. Firings within `coalesceSeconds` of the first pending
 *   one are announced together when that window closes ("5 price moves"). Mute and quiet hours
 *   suppress notifications only — entries are still recorded and counted as unread.
 * - `onChange` listeners (bridge push, tray badge) hear about new entries and the unread count.
 */
import { randomUUID } from 'node:crypto'
import type { AlertDeliverySettings, AlertEntry } from '../../../shared/alerts'
import { coalescedText } from './alert-text'
import type { AlertFiring, AlertSink, Notifier, Scheduler } from './ports'
import { timerScheduler } from './ports'
import { isQuietAt } from './quiet-hours'

export interface AlertsChange {
  added: readonly AlertEntry[]
  /** Entries whose read flag changed (the cache keeps it, so a restart does not unread them). */
  read: readonly AlertEntry[]
  unread: number
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
  private readonly lastFiredByRule = new Map<string, number>()
  /** `ruleId|matchId|oddType|oddKey` of firings already delivered by do-not-repeat rules. */
  private readonly deliveredOnce = new Set<string>()
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

  /** Records a firing; returns the entry, or null when cooldown or do-not-repeat swallowed it. */
  accept(firing: AlertFiring): AlertEntry | null {
    const { rule } = firing
    const last = this.lastFiredByRule.get(rule.id)
    if (last !== undefined && firing.at - last < rule.cooldownSeconds * 1000) return null
    const repeatKey = `${rule.id}|${firing.matchId}|${firing.oddType ?? ''}|${firing.oddKey ?? ''}`
    if (rule.doNotRepeat && this.deliveredOnce.has(repeatKey)) return null
    this.lastFiredByRule.set(rule.id, firing.at)
    if (rule.doNotRepeat) this.deliveredOnce.add(repeatKey)

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
    this.queueNotification(entry)
    this.emit([entry], [])
    return entry
  }

  /** Forget cooldown and do-not-repeat history of a rule (call when it is edited or deleted). */
  forgetRule(ruleId: string): void {
    this.lastFiredByRule.delete(ruleId)
    const prefix = `${ruleId}|`
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

  /** Forgets every entry (the feed changed: its alerts are another list), keeping rules' cooldowns. */
  clear(): void {
    this.entriesById.clear()
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

  /** Cancels a pending coalescing timer (the pending batch is dropped). */
  dispose(): void {
    this.cancelFlush?.()
    this.cancelFlush = null
    this.pending = []
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

  private emit(added: readonly AlertEntry[], read: readonly AlertEntry[]): void {
    const change: AlertsChange = { added, read, unread: this.unread }
    for (const listener of this.listeners) listener(change)
  }
}
