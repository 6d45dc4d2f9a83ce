/** Image hashes a hostile feed could send: traversal, encoded traversal, paths, odd characters, bad lengths. */
export const HOSTILE_IMAGE_HASHES = [
  '../x',
  '..',
  '%2e%2e',
  '%2e%2e%2fx',
  '..%2F',
  '..%2fsecret',
  '/etc/passwd',
  'C:\\x',
  'C:x',
  'a/b',
  'a\\b',
  'a.png',
  'a b',
  '',
  'x'.repeat(129),
  'ä',
] as const
