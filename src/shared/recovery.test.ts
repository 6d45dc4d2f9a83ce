import { describe, expect, it } from 'vitest'
import { recoveryNotice } from './recovery'

describe('recoveryNotice', () => {
  it('says what happened for each reason main reloads a window for', () => {
    expect(recoveryNotice('?recovered=crashed')).toMatch(/^The display crashed and was reloaded\./)
    expect(recoveryNotice('?token=abc&recovered=unresponsive')).toMatch(/^The display stopped responding/)
  })

  it('says nothing for an ordinary load or a reason it does not know', () => {
    for (const search of ['', '?token=abc', '?recovered=', '?recovered=<script>', '?recovered=Crashed'])
      expect(recoveryNotice(search), search).toBeNull()
  })
})
