/** The image cache's refusal of a hash outside the shared pattern (`shared/team-images.ts`). */
export class InvalidImageHashError extends Error {
  override readonly name = 'InvalidImageHashError'
  constructor(value: unknown) {
    super(`invalid image hash ${JSON.stringify(String(value).slice(0, 40))}`)
  }
}
