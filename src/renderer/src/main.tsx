import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { installWindowFaultHandlers } from './lib/report-fault'
import { startLiveSync } from './store/live-sync'
import { markStartup } from '../../shared/startup-marks'
import './styles.css'

markStartup('page:script-evaluated')
installWindowFaultHandlers()

// Asked for before React builds the shell, so the board's data is on its way while the first
// render runs; the board, its watchlists and their events are followed for the page's life.
startLiveSync()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
