/**
 * Preload entry: the only file in the renderer's process that touches ipcRenderer. It hands
 * Electron to bridge.ts, which exposes the contract on `window.oddsMonitor` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron'
import { exposeBridge, type PreloadElectron } from './bridge'

const electron: PreloadElectron = { contextBridge, ipcRenderer }
exposeBridge(electron)
