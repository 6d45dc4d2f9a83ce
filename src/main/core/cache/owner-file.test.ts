import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { otherOwner } from './owner-file'
import { tempDir } from './test-helpers'

let tmp: ReturnType<typeof tempDir>
let file: string
beforeEach(() => {
  tmp = tempDir()
  file = path.join(tmp.dir, 'cache.sqlite')
})
afterEach(() => tmp.remove())

/** What `claimOwnership` writes, for another process (this test's parent, which runs). */
function ownerFile(over: Record<string, unknown>): void {
  const stat = fs.readFileSync(`/proc/${process.ppid}/stat`, 'utf8')
  const owner = {
    pid: process.ppid,
    boot: fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim(),
    start: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19],
    ...over,
  }
  fs.writeFileSync(`${file}.owner`, JSON.stringify(owner))
}

it('names a running process of this boot that started when its owner file says', () => {
  ownerFile({})
  expect(otherOwner(file)).toBe(process.ppid)
})

it('names no one for a pid taken since by another process, one from before this boot, or this process', () => {
  ownerFile({ start: '1' })
  expect(otherOwner(file)).toBeNull()
  ownerFile({ boot: 'another boot' })
  expect(otherOwner(file)).toBeNull()
  ownerFile({ pid: process.pid })
  expect(otherOwner(file)).toBeNull()
  fs.writeFileSync(`${file}.owner`, 'not json')
  expect(otherOwner(file)).toBeNull()
})
