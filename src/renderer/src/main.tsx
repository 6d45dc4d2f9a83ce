import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { installWindowFaultHandlers } from './lib/report-fault'
import { markStartup } from '../../shared/startup-marks'
import './styles.css'

markStartup('page:script-evaluated')
installWindowFaultHandlers()

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
