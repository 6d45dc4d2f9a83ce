/**
 * The bridge contract: every invoke channel with its input and output schema, every event channel
 * with its payload schema. Main validates input against it before a handler runs, and every
 * payload before it is sent; the renderer gets its types from here.
 */
import { z } from 'zod'
import { Settings, SettingsPatch } from '../settings'
import type { EventChannel, InvokeChannel } from './channels'

export const AppInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** 'electron' or 'browser': which host serves this renderer (shown in About, never branched on). */
  host: z.enum(['electron', 'browser']),
  platform: z.string(),
  dataDir: z.string(),
  logFile: z.string(),
})
export type AppInfo = z.infer<typeof AppInfo>

export const Heartbeat = z.object({ ts: z.number(), uptimeMs: z.number() })
export type Heartbeat = z.infer<typeof Heartbeat>

const NoInput = z.undefined()

export interface InvokeSpec {
  input: z.ZodType
  output: z.ZodType
}

export const invokeContract = {
  'app:info': { input: NoInput, output: AppInfo },
  'settings:get': { input: NoInput, output: Settings },
  'settings:update': { input: SettingsPatch, output: Settings },
} as const satisfies { [C in InvokeChannel]: InvokeSpec }

export const eventContract = {
  'app:heartbeat': Heartbeat,
} as const satisfies { [C in EventChannel]: z.ZodType }

export type InvokeInput<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['input']>
export type InvokeOutput<C extends InvokeChannel> = z.output<(typeof invokeContract)[C]['output']>
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>
