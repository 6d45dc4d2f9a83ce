import type { SportRules } from '../script'
import { badmintonRules } from './badminton'
import { cricketRules } from './cricket'
import { hockeyRules } from './hockey'

/** The sports this simulator's world has (the bookmaker prices all three). */
export const SIM_SPORTS = ['badminton', 'cricket', 'hockey'] as const
export type SimSport = (typeof SIM_SPORTS)[number]

export const SPORT_RULES: Record<SimSport, SportRules> = {
  badminton: badmintonRules,
  cricket: cricketRules,
  hockey: hockeyRules,
}

export function isSimSport(value: string): value is SimSport {
  return (SIM_SPORTS as readonly string[]).includes(value)
}
