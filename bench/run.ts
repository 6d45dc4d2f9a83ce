export {}
/**
 * `npm run bench -- <name> [args]` runs bench/<name>.ts. Each bench prints JSON lines of figures;
 * nothing here asserts a time (benchmarks are read, not enforced).
 */
const [name, ...args] = process.argv.slice(2)
const benches = ['sim', 'ingest', 'cache', 'render', 'memory', 'startup', 'soak'] as const
if (!name || !(benches as readonly string[]).includes(name)) {
  console.error(`usage: npm run bench -- <${benches.join('|')}> [args]`)
  process.exit(2)
}
const bench = (await import(`./${name}.ts`)) as { run: (args: string[]) => Promise<void> }
await bench.run(args)
process.exit(0)
