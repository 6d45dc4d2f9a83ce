import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadStaticFiles } from './static-files'

function builtRenderer(): string {
  const root = mkdtempSync(join(tmpdir(), 'odds-static-'))
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'index.html'), '<!doctype html>')
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(join(root, 'assets', 'a b.css'), 'body{}')
  writeFileSync(join(tmpdir(), 'outside-static.txt'), 'not served')
  return root
}

describe('the built renderer served from memory', () => {
  it('answers each file of the folder with its type, read once at start', () => {
    const root = builtRenderer()
    const file = loadStaticFiles(root)
    rmSync(join(root, 'assets'), { recursive: true })
    expect(file('/assets/index-abc.js')).toEqual({
      body: Buffer.from('console.log(1)'),
      type: 'text/javascript; charset=utf-8',
    })
    expect(file('/assets/a%20b.css')?.type).toBe('text/css; charset=utf-8')
    expect(file('/index.html')?.body.toString()).toBe('<!doctype html>')
  })

  it('answers nothing for a path outside the folder, a folder, an unknown file or a bad escape', () => {
    const file = loadStaticFiles(builtRenderer())
    expect(file('/../outside-static.txt')).toBeNull()
    expect(file('/assets/../../outside-static.txt')).toBeNull()
    expect(file('/assets')).toBeNull()
    expect(file('/missing.js')).toBeNull()
    expect(file('/%E0%A4%A')).toBeNull()
  })
})
