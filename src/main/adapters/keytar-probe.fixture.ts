/**
 * Test fixture, run as a child process without a usable D-Bus: what the adapter and the KeyService
 * over it say when there is no keychain. Prints one JSON line.
 */
import { KeyService } from '../core/secrets/key-service'
import { failWith } from '../core/clients/http/result'
import { KeytarSecretStore } from './keytar-secrets'

const [service = 'probe', secret = 'probe'] = process.argv.slice(2)
const store = new KeytarSecretStore(service)
let adapterError: { name: string; message: string } | null = null
try {
  await store.set('odds-feed', secret)
} catch (error) {
  adapterError = { name: (error as Error).name, message: (error as Error).message }
}
const untested = async () => failWith('network', 'not called')
const keys = new KeyService({ store, testers: { 'data-service': untested, 'odds-feed': untested } })
console.log(
  JSON.stringify({ adapterError, setKey: await keys.setKey('odds-feed', secret), status: await keys.status() }),
)
