/** Shared by tests that need a connection refused for real: the network, not a mock. */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** A loopback port nothing listens on: every connect to it is refused. */
export async function closedPort(): Promise<number> {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise<void>((resolve) => closed.close(() => resolve()))
  return port
}
