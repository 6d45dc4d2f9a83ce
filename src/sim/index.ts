/**
 * The feed simulator: the data service (per sport), its images and live streams, and the odds
 * feed with its live streams, on one loopback HTTP server. Seeded; faulty on demand.
 * See README.md beside this file for the URL layout and the assumptions where the documents are silent.
 */
import { KeyStyle } from '../shared/wire/keys'
import { Faults } from './faults'
import { registerDataRoutes, postgrestError } from './data/routes'
import { DATA_LIVE_CHANNEL_PREFIX, DataLive } from './data/live'
import { Hub } from './http/hub'
import { jsonReply, SimHttpServer } from './http/server'
import { registerImageRoutes } from './images'
import { OddsEngine } from './odds/engine'
import { registerOddsRoutes } from './odds/routes'
import { deriveSeed, Rng } from './rng'
import type { FaultOptions, SimulatorHandle, SimulatorOptions } from './types'
import { buildWorld } from './world/build'
import { WorldClock } from './world/clock'
import { worldStartTime } from './world/resume'
import { SportLookup } from './world/lookup'
import { isSimSport, SIM_SPORTS, type SimSport } from './world/sports'

export type { FaultOptions, ScoreTeamForm, SimulatorHandle, SimulatorInfo, SimulatorOptions } from './types'

export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const seed = options.seed ?? 42
  const apiKey = options.apiKey ?? 'demo-key'
  const speed = options.speed ?? 1
  const liveMatches = options.liveMatches ?? 8
  // A kept world's start is also the wall-clock time its world time was that start (resume.ts).
  const keptStart =
    options.startTime === undefined && options.worldFile !== undefined
      ? worldStartTime(options.worldFile, { seed, liveMatches, speed }, Date.now())
      : undefined
  const startTime = options.startTime ?? keptStart ?? Date.now()
  const world = buildWorld({ seed, startTime, liveMatches, apiKey, bookmakerSports: options.bookmakerSports })
  const lookups = Object.fromEntries(SIM_SPORTS.map((s) => [s, new SportLookup(world.sports[s])])) as Record<
    SimSport,
    SportLookup
  >
  const clock = new WorldClock(startTime, speed, Date.now, keptStart)
  const faults = new Faults(new Rng(deriveSeed(seed, 'faults')), apiKey)
  const hub = new Hub(faults)
  const engine = new OddsEngine(lookups, clock, hub, seed, options.rate ?? 200)
  const dataLive = new DataLive(lookups, clock, hub, options.scoreTeam)

  const server = new SimHttpServer(
    hub,
    faults,
    (ctx, methodAllowed) => {
      if (!methodAllowed)
        return jsonReply(405, {
          error: 'method_not_allowed',
          message: `${ctx.method} is not allowed on ${ctx.url.pathname}`,
        })
      if (ctx.url.pathname.startsWith('/data/')) return postgrestError(404, 'PGRST125', `no route ${ctx.url.pathname}`)
      return jsonReply(404, { error: 'not_found', message: `no route ${ctx.url.pathname}` })
    },
    clock,
  )
  const keyStyles = options.keyStyles ?? KeyStyle.options
  registerDataRoutes(server, { lookups, clock, apiKey, keyStyles, faults })
  const snapshotsServed = new Map<number, number>()
  registerOddsRoutes(server, { world, lookups, engine, clock, keyStyles, snapshotsServed })
  registerImageRoutes(server, world)

  let dropTimer: NodeJS.Timeout | undefined
  const setFaults = (f: FaultOptions): void => {
    faults.set(f)
    clock.setServerSkew(f.clockOffsetMs ?? 0)
    if (dropTimer) clearInterval(dropTimer)
    dropTimer = undefined
    if (f.dropEverySeconds && f.dropEverySeconds > 0)
      dropTimer = setInterval(() => hub.dropAll(), f.dropEverySeconds * 1000)
  }
  setFaults(options.faults ?? {})

  const port = await server.listen(options.port ?? 0)
  engine.start()
  dataLive.start()
  const origin = `http://127.0.0.1:${port}`
  const wsOrigin = `ws://127.0.0.1:${port}`
  const sport: SimSport = world.bookmaker.sports[0] ?? 'badminton'

  return {
    sport,
    dataBaseUrl: `${origin}/data/${sport}`,
    imageBaseUrl: `${origin}/images`,
    wsBaseUrl: `${wsOrigin}/data/${sport}`,
    oddsBaseUrl: `${origin}/odds`,
    oddsWsBaseUrl: `${wsOrigin}/odds`,
    apiKey,
    bookmakerId: world.bookmaker.id,
    sports: [...world.bookmaker.sports],
    async close() {
      if (dropTimer) clearInterval(dropTimer)
      engine.stop()
      dataLive.stop()
      hub.close()
      await server.close()
    },
    control: {
      setFaults,
      setRate: (r) => engine.setRate(r),
      dropConnections: () => hub.dropAll(),
      matchPrices(sport, matchId) {
        const snapshot = engine.snapshot(matchId)
        if (!snapshot || snapshot.sport !== sport || !isSimSport(sport))
          throw new Error(`no prices for ${sport} match ${matchId}`)
        return snapshot
      },
      liveOddsMatchIds: (sport) => engine.liveMatchIds(sport),
      snapshotsServed: (matchId) => snapshotsServed.get(matchId) ?? 0,
      stats: () => ({
        priceMessagesSent: engine.priceMessagesSent,
        connections: hub.connections,
        dataLiveConnections: hub.connectionsOn(DATA_LIVE_CHANNEL_PREFIX),
      }),
      faultsDelivered: () => ({ ...hub.delivered, answered429: faults.answered429 }),
    },
  }
}
