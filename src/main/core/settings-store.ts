/**
 * The settings store as the core writes it (settings, watchlists, alert rules, the window's place):
 * an edit is never refused by the disk. Each key set goes to the host's store (electron-store /
 * conf); when that fails (disk full, read-only disk, a folder where config.json should be, a store
 * that could not even open) the edit stays in memory, reads answer it, and it is written on the
 * next save or by a retry every few seconds. Before this, a full disk failed the bridge call as
 * "internal" and the edit was gone. Listeners hear whether everything is saved, and why not.
 */
import fs from 'node:fs'
import path from 'node:path'
import { diskRefusal } from './disk-refusals'
import type { KeyValueStore } from './settings'

export interface StoreSaveState {
  /** Null while every edit is on disk; otherwise why it is not, in words ("disk full"). */
  unsaved: string | null
  /** Epoch ms of the first edit not saved. */
  since: number | null
}

const RETRY_MS = 5000

/** What the core is given: the host's store behind SavingStore. */
export interface SettingsStore extends KeyValueStore {
  saveState(): StoreSaveState
  onSaveState(listener: (state: StoreSaveState) => void): () => void
  stop(): void
}

export class SavingStore implements SettingsStore {
  private inner: KeyValueStore | null = null
  /** Edits not yet on disk, newest value per key. */
  private readonly unsaved = new Map<string, unknown>()
  private state: StoreSaveState = { unsaved: null, since: null }
  private readonly listeners = new Set<(state: StoreSaveState) => void>()
  private retry: NodeJS.Timeout | null = null

  /**
   * `open` opens the host's store over `file` (tried again until it opens); `seed` are values read
   * at start that the file should hold but does not yet (unsaved until written).
   */
  constructor(
    private readonly file: string,
    private readonly open: () => KeyValueStore,
    seed: Record<string, unknown> = {},
    private readonly now: () => number = Date.now,
  ) {
    for (const [key, value] of Object.entries(seed)) this.unsaved.set(key, value)
    this.attempt()
  }

  get(key: string): unknown {
    return this.unsaved.has(key) ? this.unsaved.get(key) : this.inner?.get(key)
  }

  set(key: string, value: unknown): void {
    this.unsaved.set(key, value)
    this.attempt()
  }

  saveState(): StoreSaveState {
    return this.state
  }

  onSaveState(listener: (state: StoreSaveState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  stop(): void {
    if (this.retry) clearInterval(this.retry)
    this.retry = null
  }

  /** Writes what is unsaved; a folder that cannot be written is said at once, before any edit fails. */
  private attempt(): void {
    const refusal = this.write() ?? this.folderRefusal()
    if (refusal) this.failed(refusal)
    else this.saved()
  }

  private write(): string | null {
    try {
      this.inner ??= this.open()
      for (const [key, value] of this.unsaved) {
        this.inner.set(key, value)
        this.unsaved.delete(key)
      }
      return null
    } catch (error) {
      return diskRefusal(this.file, error)
    }
  }

  private folderRefusal(): string | null {
    try {
      fs.accessSync(path.dirname(this.file), fs.constants.W_OK)
      return null
    } catch (error) {
      return diskRefusal(this.file, error)
    }
  }

  private saved(): void {
    this.stop()
    if (this.state.unsaved === null) return
    this.changed({ unsaved: null, since: null })
  }

  private failed(reason: string): void {
    if (!this.retry) {
      this.retry = setInterval(() => this.attempt(), RETRY_MS)
      this.retry.unref()
    }
    if (reason === this.state.unsaved) return
    this.changed({ unsaved: reason, since: this.state.since ?? this.now() })
  }

  private changed(state: StoreSaveState): void {
    this.state = state
    for (const listener of this.listeners) listener(state)
  }
}
