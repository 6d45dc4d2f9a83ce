/**
 * The local crash log: one JSON file per fault that ended or nearly ended something, in
 * `<data dir>/crashes/<time>-<process>.json`. Written synchronously: it runs inside an
 * uncaughtException handler, where the next turn of the event loop may never come. The folder
 * keeps the newest files only, so a fault that repeats cannot fill the disk.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { FaultSummary } from '../../../shared/health'

export interface CrashRecord extends FaultSummary {
  time: string
  appVersion: string
  stack: string | null
  detail: Record<string, unknown> | null
  /** What the core logged just before (oldest first). */
  logLines: string[]
}

const KEEP_FILES = 50

export function crashDirOf(dataDir: string): string {
  return join(dataDir, 'crashes')
}

export function writeCrashFile(dir: string, record: CrashRecord): string {
  mkdirSync(dir, { recursive: true })
  const stem = `${record.time.replace(/[:.]/g, '-')}-${record.process.replace(/[^\w-]/g, '_')}`
  let path = join(dir, `${stem}.json`)
  for (let n = 2; ; n++) {
    try {
      writeFileSync(path, `${JSON.stringify(record, null, 2)}\n`, { flag: 'wx' })
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      path = join(dir, `${stem}-${n}.json`) // two faults of one process in the same millisecond
    }
  }
  pruneCrashFiles(dir)
  return path
}

/** The newest crash file's summary, or null when there is none (or it cannot be read). */
export function readLastCrash(dir: string): FaultSummary | null {
  const newest = crashFiles(dir).at(-1)
  if (!newest) return null
  try {
    const parsed = FaultSummary.safeParse(JSON.parse(readFileSync(join(dir, newest), 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Crash file names, oldest first (the names start with an ISO time, so they sort by time). */
function crashFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort()
  } catch {
    return []
  }
}

function pruneCrashFiles(dir: string): void {
  const files = crashFiles(dir)
  for (const name of files.slice(0, Math.max(0, files.length - KEEP_FILES))) rmSync(join(dir, name), { force: true })
}
