export {}
/**
 * `npm run bench -- <name> [args]` runs bench/<name>.ts. Each bench prints JSON lines of figures;
 * nothing here asserts a time (benchmarks are read, not enforced).
 * `npm run bench -- all` is one full run: every bench in turn with the arguments the README's
 * Figures table quotes (the 30-minute soak only when named on its own).
 */
const benches = [
  'sim',
  'ingest',
  'cache',
  'flush-stalls',
  'render',
  'grid-vs-aggrid',
  'board-ab',
  'memory',
  'startup',
  'soak',
  'hostile-bodies',
  'frozen-page',
  'hostile-probes',
  'replay',
] as const
type BenchName = (typeof benches)[number]

const FULL_RUN: ReadonlyArray<readonly [BenchName, string[]]> = [
  ['sim', []],
  ['ingest', ['rules=200', '--profile']],
  ['cache', []],
  ['flush-stalls', []],
  ['render', ['--find-limit']],
  ['memory', []],
  ['startup', ['--runs', '5']],
]

async function runBench(name: BenchName, args: string[]): Promise<void> {
  const bench = (await import(`./${name}.ts`)) as { run: (args: string[]) => Promise<void> }
  await bench.run(args)
}

const [name, ...args] = process.argv.slice(2)
if (name === 'all') {
  for (const [bench, benchArgs] of FULL_RUN) {
    console.error(`# npm run bench -- ${[bench, ...benchArgs].join(' ')}`)
    await runBench(bench, benchArgs)
  }
} else if (name && (benches as readonly string[]).includes(name)) {
  await runBench(name as BenchName, args)
} else {
  console.error(`usage: npm run bench -- <${benches.join('|')}|all> [args]`)
  process.exit(2)
}
process.exit(0)
