/** Trader settings: everything but secrets (keys live in the OS keychain, never here). */
import { z } from 'zod'
import { KeyStyle } from './wire/keys'

const url = (protocols: readonly string[]) =>
  z.url({ protocol: new RegExp(`^(${protocols.join('|')})$`), error: `must be a ${protocols.join(' or ')} URL` })

export const Settings = z.object({
  sport: z.string().min(1),
  bookmakerId: z.string(),
  /** Data service of the chosen sport; other sports replace the last path segment (see feeds). */
  dataBaseUrl: url(['http', 'https']).or(z.literal('')),
  imageBaseUrl: url(['http', 'https']).or(z.literal('')),
  wsBaseUrl: url(['ws', 'wss']).or(z.literal('')),
  oddsBaseUrl: url(['http', 'https']).or(z.literal('')),
  oddsWsBaseUrl: url(['ws', 'wss']).or(z.literal('')),
  /**
   * How each service's key is sent (wire/keys.ts): `bearer` for a key from the provider's
   * dashboard, `marketplace` for a key from the API marketplace. The demo feed ignores both.
   */
  dataKeyStyle: KeyStyle,
  oddsKeyStyle: KeyStyle,
  /** The feeds' `lang` parameter. */
  language: z.string().regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, 'language must look like "en" or "pt-BR"'),
  /**
   * Minimum time between two board patches. 8 ms, half a 60 Hz frame: a price waits at most that
   * long for its patch, so it makes the next frame more often (bench render at 5,000/s: p99
   * tick-to-paint 35 ms at 16, 24 ms at 8, with the page no busier).
   */
  conflationMs: z.number().int().min(8).max(5000),
  theme: z.enum(['dark', 'light']),
  /** comfortable: one wide card per match; compact: small cells, several matches side by side. */
  boardDensity: z.enum(['comfortable', 'compact']),
  retentionDays: z.number().int().min(1).max(3650),
  /** An override that moves the served price by more than this (either way) is confirmed twice. */
  overrideConfirmAbovePct: z.number().min(1, 'must be at least 1 %').max(1000, 'must be at most 1000 %'),
  /**
   * Feed lag (a message's own time to its receipt) above this shows in the warning colour in the
   * status bar (its p99 over the last minute), and a card whose newest price message came later says so.
   */
  feedLagWarnMs: z
    .number()
    .int('must be a whole number of ms')
    .min(10, 'must be at least 10 ms')
    .max(600_000, 'must be at most 600000 ms'),
  /** The board's tick-to-paint p99 over the last minute above this shows in the warning colour. */
  paintWarnMs: z
    .number()
    .int('must be a whole number of ms')
    .min(16, 'must be at least 16 ms (one frame)')
    .max(60_000, 'must be at most 60000 ms'),
})
export type Settings = z.infer<typeof Settings>

export const SettingsPatch = Settings.partial().strict()
export type SettingsPatch = z.infer<typeof SettingsPatch>

export const DEFAULT_SETTINGS: Settings = {
  sport: 'badminton',
  bookmakerId: '',
  dataBaseUrl: '',
  imageBaseUrl: '',
  wsBaseUrl: '',
  oddsBaseUrl: '',
  oddsWsBaseUrl: '',
  dataKeyStyle: 'bearer',
  oddsKeyStyle: 'bearer',
  language: 'en',
  conflationMs: 8,
  theme: 'dark',
  boardDensity: 'comfortable',
  retentionDays: 30,
  overrideConfirmAbovePct: 25,
  feedLagWarnMs: 1000,
  // Receipt to paint is about 40 ms at p99 on an idle machine (bench render): a stall, not jitter.
  paintWarnMs: 250,
}
