/**
 * Test fixture, run as a child process whose D-Bus address names a socket that is not there yet
 * (problems.test.ts): the whole core started in the given data folder, as a host starts it. Prints
 * one JSON line with the feed mode and the problems the page would be shown. Then, on the line
 * `look again` on stdin (the test has put the session's bus at that address), asks for the keys as
 * Settings → Keys does, waits for the feed to follow the keychain's keys, and prints a second line.
 */
import { createInterface } from 'node:readline'
import { invoke, startTestCore } from '../test-support'

const [dataDir, service] = process.argv.slice(2)
if (!dataDir || !service) throw new Error('usage: problems-keychain.fixture.ts <data folder> <keychain service>')
const { core } = await startTestCore(dataDir, { service })
const report = async () =>
  console.log(
    JSON.stringify({
      mode: (await invoke<{ mode: string }>(core, 'feed:mode')).mode,
      problems: await invoke(core, 'problems:get'),
    }),
  )
await report()
const lines = createInterface({ input: process.stdin })
for await (const line of lines) {
  if (line !== 'look again') break
  await invoke(core, 'keys:status')
  await new Promise<void>((resolve) => {
    if (core.session.mode().mode === 'real') return resolve()
    const stop = core.session.onChange(() => (stop(), resolve()))
  })
  await report()
  break
}
lines.close()
await core.stop()
