import { describe, expect, it } from 'vitest'
import { isValidImageHash, parseTeamImageUrl, teamImageUrl } from './team-images'
import { HOSTILE_IMAGE_HASHES } from './team-images.test-support'

describe('team image hashes and URLs', () => {
  it('accepts plain hashes only', () => {
    expect(isValidImageHash('a1B2_c3-d4')).toBe(true)
    expect(isValidImageHash('x'.repeat(128))).toBe(true)
    for (const bad of HOSTILE_IMAGE_HASHES) expect(isValidImageHash(bad), bad).toBe(false)
    expect(isValidImageHash(42)).toBe(false)
    expect(isValidImageHash(null)).toBe(false)
  })

  it('builds a team-image URL for a plain hash and none for anything else', () => {
    expect(teamImageUrl('Zz_9')).toBe('team-image://image/Zz_9')
    for (const bad of HOSTILE_IMAGE_HASHES) expect(teamImageUrl(bad), bad).toBe('')
  })

  it('parses team-image URLs and refuses traversal-shaped ones as written', () => {
    expect(parseTeamImageUrl('team-image://image/abc123')).toEqual({ hash: 'abc123' })
    expect(parseTeamImageUrl(teamImageUrl('Zz_9'))).toEqual({ hash: 'Zz_9' })
    for (const bad of HOSTILE_IMAGE_HASHES)
      expect(parseTeamImageUrl(`team-image://image/${bad}`), bad).toHaveProperty('error')
    for (const bad of [
      'team-image://image/abc/../x',
      'team-image://image/abc?x=1',
      'team-image://image/abc#f',
      'team-image://image/abc/',
      'team-image://abc123',
      'team-image://other/abc',
      'team-image:///etc/passwd',
      'file:///etc/passwd',
      'https://host/abc',
      'team-image:abc',
    ]) {
      expect(parseTeamImageUrl(bad), bad).toHaveProperty('error')
    }
  })
})
