/**
 * How often main sends `app:heartbeat`; the page counts the app lost after a few missed beats.
 * A file of its own, without schemas: the page reads it at start, and reading it from contract.ts
 * had the page build every channel's schemas before its first paint.
 */
export const APP_HEARTBEAT_MS = 1000
