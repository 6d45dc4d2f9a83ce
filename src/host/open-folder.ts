/**
 * The browser host's FolderOpener: the host runs on the trader's own machine, so it asks the
 * system's file manager to show the folder (a page cannot open a local folder itself). Answers
 * false when no opener could be started; the page then shows the path instead.
 */
import { spawn } from 'node:child_process'
import type { FolderOpener } from '../main/core/host-ports'

const OPENERS: Partial<Record<NodeJS.Platform, string>> = { darwin: 'open', win32: 'explorer' }

export const systemFolderOpener: FolderOpener = {
  openFolder: (path) =>
    new Promise((resolve) => {
      const child = spawn(OPENERS[process.platform] ?? 'xdg-open', [path], { detached: true, stdio: 'ignore' })
      child.once('error', () => resolve(false))
      child.once('spawn', () => {
        child.unref()
        resolve(true)
      })
    }),
}
