/**
 * A CPU profile of this process over one async stretch (V8's sampling profiler through the
 * inspector, the same data `node --cpu-prof` writes), reduced to the functions with the most
 * self time: where the time goes, printed beside the figure it explains.
 */
import { Session } from 'node:inspector/promises'

export interface HotFunction {
  name: string
  /** The file, relative to the repository where possible (tsx's transpiled lines match no source line). */
  at: string
  /** Share of all samples spent in the function itself (0..1). */
  self: number
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
  hitCount?: number
}

/** Runs `work` under the profiler; returns its result and the `top` functions by self time. */
export async function profiled<T>(top: number, work: () => Promise<T>): Promise<{ result: T; hot: HotFunction[] }> {
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    const result = await work()
    const { profile } = await session.post('Profiler.stop')
    return { result, hot: hottest(profile.nodes as ProfileNode[], top) }
  } finally {
    session.disconnect()
  }
}

function hottest(nodes: ProfileNode[], top: number): HotFunction[] {
  const byFunction = new Map<string, HotFunction>()
  let total = 0
  for (const n of nodes) {
    const hits = n.hitCount ?? 0
    total += hits
    // Idle time is the event loop waiting: not work, and not what a hot list is for.
    if (hits === 0 || n.callFrame.functionName === '(idle)') continue
    const file = n.callFrame.url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '')
    const at = file
    const name = n.callFrame.functionName || '(anonymous)'
    const key = `${name} ${at}`
    const entry = byFunction.get(key) ?? { name, at, self: 0 }
    entry.self += hits
    byFunction.set(key, entry)
  }
  return [...byFunction.values()]
    .sort((a, b) => b.self - a.self)
    .slice(0, top)
    .map((f) => ({ ...f, self: Number((f.self / Math.max(1, total)).toFixed(3)) }))
}
