/** Public API of the alert core; see rule-engine.ts and alert-delivery.ts. */
export { RuleEngine, type RuleEngineDeps } from './rule-engine'
export { AlertDelivery, type AlertDeliveryDeps, type AlertsChange } from './alert-delivery'
export {
  timerScheduler,
  type AlertFiring,
  type AlertSink,
  type MatchStatusChange,
  type Notifier,
  type Scheduler,
  type SystemNotification,
} from './ports'
export { makeSampleRules } from './sample-rules'
export type { WatchlistsOf } from './scope-index'
