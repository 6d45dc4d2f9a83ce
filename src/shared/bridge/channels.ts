/**
 * The bridge's channel names, and nothing else: the preload imports this file, and a sandboxed
 * preload should stay tiny (no zod). contract.ts pairs every name with its schemas and fails to
 * typecheck if the two lists drift apart.
 */
export const INVOKE_CHANNELS = [
  'app:info',
  'app:openCrashFolder',
  'app:saveDiagnostics',
  'app:reportFault',
  'settings:get',
  'settings:update',
  'keys:status',
  'keys:set',
  'keys:test',
  'keys:remove',
  'feed:mode',
  'feed:health',
  'feed:retryNow',
  'discover:matches',
  'discover:search',
  'discover:priced',
  'discover:leagues',
  'discover:publicFeed',
  'watchlists:get',
  'watchlists:command',
  'board:get',
  'overrides:set',
  'overrides:lift',
  'overrides:acknowledge',
  'odds:verify',
  'window:openMatch',
  'alerts:list',
  'alerts:markRead',
  'alerts:backtest',
  'rules:list',
  'rules:save',
  'rules:delete',
  'rules:deliveryGet',
  'rules:deliverySet',
  'rules:matchTeams',
  'history:series',
  'history:ticks',
  'history:export',
  'history:provider',
  'history:recent',
  'replay:open',
  'replay:stateAt',
  'replay:events',
  'problems:get',
  'problems:dismiss',
  'inspector:open',
  'inspector:close',
] as const

export const EVENT_CHANNELS = [
  'app:heartbeat',
  'board:patch',
  'feed:health',
  'feed:mode',
  'keys:changed',
  'settings:changed',
  'watchlists:changed',
  'alerts:changed',
  'app:focusMatch',
  'bridge:connection',
  'bridge:dropped',
  'problems:changed',
  'inspector:frames',
] as const

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number]
export type EventChannel = (typeof EVENT_CHANNELS)[number]

/** The name the API is exposed under on `window`, by the preload and by the headless host. */
export const BRIDGE_GLOBAL = 'oddsMonitor'
