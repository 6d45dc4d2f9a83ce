/**
 * Problems the trader must know about, as the banner stack at the top of the app shows them: what
 * happened and what to do, in words built by the core (core/problems). A problem that is an event
 * the trader only needs to hear of once (a file set aside) may be dismissed; a condition that keeps
 * the app from working as it should (no keychain, a skewed clock) may not, and goes by itself once
 * it is over.
 */
import { z } from 'zod'

export const ProblemSeverity = z.enum(['info', 'warning', 'error'])
export type ProblemSeverity = z.infer<typeof ProblemSeverity>

export const Problem = z.object({
  /** Stable per kind of problem (`cache-set-aside`, `keychain-unreachable`, `clock-skew`…). */
  id: z.string(),
  severity: ProblemSeverity,
  title: z.string(),
  happened: z.string(),
  toDo: z.string(),
  dismissible: z.boolean(),
  /** The live stream whose raw frames show what went wrong: the banner opens the frame inspector on it. */
  inspectStream: z.string().optional(),
  /** Epoch ms when the core first saw it. */
  since: z.number(),
})
export type Problem = z.infer<typeof Problem>

/** The problems in force and not dismissed, most severe first. */
export const ProblemList = z.array(Problem)
export type ProblemList = z.infer<typeof ProblemList>

export const DismissProblemInput = z.strictObject({ id: z.string().min(1).max(100) })
