/**
 * Shared test wiring for the feed clients against the simulator: an HttpClient whose key the test
 * can change, whose log lines are captured, and whose retries are fast. Test-only (imported by
 * *.test.ts files).
 */
import { HttpClient, type HttpClientOptions } from './http-client'
import type { ServiceName, ServiceState } from './service-gate'

export interface TestHttp {
  http: HttpClient
  key: { value: string | null }
  logs: string[]
  states: ServiceState[]
}

export function testHttp(service: ServiceName, key: string | null, options: Partial<HttpClientOptions> = {}): TestHttp {
  const holder = { value: key }
  const logs: string[] = []
  const states: ServiceState[] = []
  const http = new HttpClient({
    service,
    getKey: async () => holder.value,
    timeoutMs: 5000,
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    log: (line) => logs.push(line),
    ...options,
  })
  http.gate.onChange((state) => states.push(state))
  return { http, key: holder, logs, states }
}
