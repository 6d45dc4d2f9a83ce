/** Alerts: the in-app alert list beside the rules that raise alerts and how they are delivered. */
import { AlertList } from './AlertList'
import { RulesPane } from './RulesPane'
import './alerts.css'

export function AlertsScreen() {
  return (
    <div className="alerts-screen" data-testid="alerts-screen">
      <AlertList />
      <RulesPane />
    </div>
  )
}
