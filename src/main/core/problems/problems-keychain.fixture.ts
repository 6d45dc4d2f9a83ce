/**
 * Test fixture, run as a child process without a usable D-Bus (problems.test.ts): the whole core
 * started in the given data folder, as a host starts it. Prints one JSON line: the feed mode and
 * the problems the page would be shown.
 */
import { invoke, startTestCore } from '../test-support'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: problems-keychain.fixture.ts <data folder>')
const { core } = await startTestCore(dataDir)
const mode = await invoke<{ mode: string }>(core, 'feed:mode')
console.log(JSON.stringify({ mode: mode.mode, problems: await invoke(core, 'problems:get') }))
await core.stop()
