/**
 * A dead host must not look alive (issue 15.3): the page sees the lost app at once when the host
 * dies (socket closed) and within a few heartbeats when it hangs (socket open, no answers); it greys
 * the board, fails the waiting action with a message instead of "Sending…" forever, and comes back
 * by itself when the host does, restarted on the same port with the token it keeps.
 */
import { expect, test, type Page } from '../fixtures'
import { watchLiveMatches } from '../bridge'
import { launchHost, type HostProcess } from '../host'

/** Opens the override editor on the first price and brings it to its confirm step (+10 %, one ask). */
async function overrideUpToConfirm(page: Page): Promise<void> {
  const cell = page.getByTestId('price-cell').first()
  const served = Number(await cell.getByTestId('cell-price').textContent())
  await cell.click()
  const editor = page.getByTestId('override-editor')
  await editor.locator('input[name="price"]').fill((served * 1.1).toFixed(2))
  await editor.getByRole('button', { name: 'Set override…' }).click()
  await expect(editor.getByTestId('override-confirm')).toBeVisible()
}

test('a hung or dead host greys the board, fails the waiting action, and the page recovers', async ({ page }) => {
  // No random walk: the only price changes are the ones this test makes.
  const args = ['--sim-rate', '0']
  let host: HostProcess = await launchHost({ args })
  try {
    await page.goto(host.url)
    await watchLiveMatches(page, 2)
    const shell = page.getByTestId('app-shell')
    const banner = page.getByTestId('connection-lost')
    const editor = page.getByTestId('override-editor')
    const answer = editor.getByTestId('override-answer')
    await expect(page.getByTestId('match-card')).toHaveCount(2)
    await expect(page.getByTestId('heartbeat')).toHaveText(/^up \d+ s$/)
    await expect(page.getByTestId('service-odds')).toContainText('live')

    // Hung: the socket stays open but nothing answers. The override waits, then fails in words.
    await overrideUpToConfirm(page)
    host.freeze()
    await editor.getByRole('button', { name: 'Confirm set' }).click()
    await expect(editor.getByText('Sending…')).toBeVisible()
    await expect(answer).toHaveText(/^No answer: connection to the app lost \(no heartbeat for \d+ s\)/)
    await expect(shell).toHaveAttribute('data-connection', 'lost')
    await expect(banner).toContainText('Connection to the app lost — reconnecting')
    await expect(page.getByTestId('heartbeat')).toHaveText('no heartbeat')
    await expect(page.getByTestId('service-odds')).toHaveCount(0)
    await expect(page.getByTestId('status-bar')).toContainText('connection to the app lost')
    await page.screenshot({ path: 'test-results/screens/connection-lost.png' })

    // It wakes: heartbeats resume, the page says so by itself.
    host.thaw()
    await expect(shell).toHaveAttribute('data-connection', 'ok')
    await expect(banner).toHaveCount(0)
    await expect(page.getByTestId('service-odds')).toContainText('live')

    // Dead: the socket closes, the page knows at once, and an action is refused without waiting.
    await host.kill()
    await expect(banner).toContainText('the app closed the connection')
    await editor.getByRole('button', { name: 'Edit again' }).click()
    await editor.getByRole('button', { name: 'Set override…' }).click()
    await editor.getByRole('button', { name: 'Confirm set' }).click()
    await expect(answer).toHaveText(
      /^No answer: connection to the app lost \(the app closed the connection\): not sent/,
    )
    await editor.getByRole('button', { name: 'Close' }).click()

    // Restarted on the same port and data folder: same token, so the open page reconnects and resyncs.
    host = await launchHost({ dataDir: host.dataDir, args: [...args, '--port', String(host.port)] })
    await expect(shell).toHaveAttribute('data-connection', 'ok')
    await expect(banner).toHaveCount(0)
    await expect(page.getByTestId('match-card')).toHaveCount(2)
    await expect(page.getByTestId('service-odds')).toContainText('live')
    await overrideUpToConfirm(page)
    await editor.getByRole('button', { name: 'Confirm set' }).click()
    await expect(answer).toContainText('Done')
  } finally {
    await host.stop()
  }
})
