/** Test fixture: tries to store a key in a process without a usable D-Bus, prints the outcome as JSON. */
import { KeytarSecretStore } from './keytar-secrets'

const [service = 'probe', secret = 'probe'] = process.argv.slice(2)
try {
  await new KeytarSecretStore(service).set('odds-feed', secret)
  console.log(JSON.stringify({ name: 'stored', message: 'stored' }))
} catch (error) {
  const e = error as Error
  console.log(JSON.stringify({ name: e.name, message: e.message }))
}
