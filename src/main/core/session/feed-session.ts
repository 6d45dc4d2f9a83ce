/**
 * Which feed the app is on, and where it is. Decision (written down once): with NO key set in the
 * keychain the app runs on the built-in simulator ("Demo feed"), started in-process on loopback;
 * as soon as any key is set it uses the configured services (a missing second key then shows as
 * that service's "no key" state rather than silently mixing demo and real data). Removing the
 * keys switches back. Clients read `endpoints()` and `getKey()` per call, so a switch needs no
 * restart: listeners (the watch engine) resubscribe.
 */
import type { FeedMode } from '../../../shared/keys'
import type { Settings } from '../../../shared/settings'
import type { SimulatorHandle } from '../../../sim/types'
import type { KeyAccount } from '../secrets/secret-store'
import { deskSports } from './bookmaker-sports'

export type Endpoints = Pick<
  Settings,
  | 'sport'
  | 'bookmakerId'
  | 'dataBaseUrl'
  | 'imageBaseUrl'
  | 'wsBaseUrl'
  | 'oddsBaseUrl'
  | 'oddsWsBaseUrl'
  | 'dataKeyStyle'
  | 'oddsKeyStyle'
  | 'language'
>

export interface FeedSessionOptions {
  settings: () => Settings
  /** Whether any key is stored (never the key itself). */
  anyKeySet: () => Promise<boolean>
  readKey: (account: KeyAccount) => Promise<string | null>
  startDemoFeed: () => Promise<SimulatorHandle>
  /** The real feed's bookmaker sports once read (bookmaker-sports.ts); null until then. */
  bookmakerSports?: () => readonly string[] | null
  log: { info(message: string): void }
}

export class FeedSession {
  private demo: SimulatorHandle | null = null
  private current: FeedMode['mode'] | null = null
  private readonly listeners = new Set<(mode: FeedMode) => void>()
  private switching: Promise<void> = Promise.resolve()

  constructor(private readonly options: FeedSessionOptions) {}

  /**
   * Re-decides the mode (at start, after a key change); serialised so two changes cannot race.
   * Answers whether the mode changed (listeners have then been told).
   */
  refresh(): Promise<boolean> {
    const decided = this.switching.then(() => this.decide())
    this.switching = decided.then(() => undefined)
    return decided
  }

  mode(): FeedMode {
    const settings = this.options.settings()
    const demo = this.current === 'demo' ? this.demo : null
    return {
      mode: this.current ?? 'demo',
      sport: settings.sport,
      bookmakerId: demo?.bookmakerId ?? settings.bookmakerId,
      sports: demo?.sports ?? deskSports(settings.sport, this.options.bookmakerSports?.() ?? null),
      reason: demo ? 'no API keys set: built-in simulated feed' : 'API keys set: configured services',
    }
  }

  endpoints(): Endpoints {
    const settings = this.options.settings()
    if (this.current !== 'demo' || !this.demo) return settings
    // `sport` here is the sport the data URLs name (other sports are derived from it), not the trader's.
    const { sport, dataBaseUrl, imageBaseUrl, wsBaseUrl, oddsBaseUrl, oddsWsBaseUrl, bookmakerId } = this.demo
    // The simulator takes its own key as a dashboard key: the key styles in Settings are the real services'.
    const styles = { dataKeyStyle: 'bearer', oddsKeyStyle: 'bearer' } as const
    return {
      ...settings,
      sport,
      dataBaseUrl,
      imageBaseUrl,
      wsBaseUrl,
      oddsBaseUrl,
      oddsWsBaseUrl,
      bookmakerId,
      ...styles,
    }
  }

  async getKey(account: KeyAccount): Promise<string | null> {
    if (this.current === 'demo') return this.demo?.apiKey ?? null
    return this.options.readKey(account)
  }

  /** The running demo simulator (tests and the render bench drive it); null on the real feed. */
  demoFeed(): SimulatorHandle | null {
    return this.current === 'demo' ? this.demo : null
  }

  onChange(listener: (mode: FeedMode) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async stop(): Promise<void> {
    await this.switching
    await this.demo?.close()
    this.demo = null
  }

  private async decide(): Promise<boolean> {
    const next: FeedMode['mode'] = (await this.options.anyKeySet()) ? 'real' : 'demo'
    if (next === this.current) return false
    if (next === 'demo') this.demo ??= await this.options.startDemoFeed()
    else if (this.demo) {
      await this.demo.close()
      this.demo = null
    }
    this.current = next
    this.options.log.info(`feed mode: ${next}`)
    const mode = this.mode()
    for (const listener of this.listeners) listener(mode)
    return true
  }
}
