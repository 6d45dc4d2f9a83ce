/**
 * Loads the browser host's core one package per event-loop turn. Loading is synchronous work: the
 * core and the packages it imports took the host about 150 ms in one block (far longer on a busy
 * machine), during which the page's requests (HTML, scripts) waited, although the page needs the
 * core only once its script runs. Loaded a package at a time, the host answers them in between.
 */
/**
 * The heaviest packages host-core.ts pulls in, loaded first one by one. Keep it in step with what
 * the core imports: a package missing here is still loaded (with the core, in one block), so a
 * drift costs only the spreading-out, never correctness.
 */
const CORE_PACKAGES = ['zod', 'conf', 'better-sqlite3', 'ws', 'keytar', 'pngjs'] as const

/** After the I/O that came meanwhile: the event loop's next turn. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Runs each step in its own turn of the event loop. */
export async function inTurns(steps: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const step of steps) {
    await nextTurn()
    await step()
  }
}

export async function loadHostCore(): Promise<typeof import('./host-core')> {
  await inTurns(CORE_PACKAGES.map((name) => () => import(name)))
  await nextTurn()
  const core = await import('./host-core')
  await nextTurn() // evaluating the core's modules was one block: what came meanwhile goes first
  return core
}
