/**
 * The bridge's channel names, and nothing else: the preload imports this file, and a sandboxed
 * preload should stay tiny (no zod). contract.ts pairs every name with its schemas and fails to
 * typecheck if the two lists drift apart.
 */
export const INVOKE_CHANNELS = ['app:info', 'settings:get', 'settings:update'] as const

export const EVENT_CHANNELS = ['app:heartbeat'] as const

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number]
export type EventChannel = (typeof EVENT_CHANNELS)[number]

/** The name the API is exposed under on `window`, by the preload and by the headless host. */
export const BRIDGE_GLOBAL = 'oddsMonitor'
