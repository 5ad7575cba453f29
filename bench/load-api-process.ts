/**
 * One API process for the load benchmark: the production app on DATABASE_URL, listening on
 * PORT, with the public rate limits raised out of the way (the benchmark's one client would be
 * refused long before) and no logging. Prints `ready` once it listens. The benchmark reads its
 * CPU time from /proc, so what is counted is exactly this process.
 */
import { buildApp } from '../server/app.ts'
import { createDatabase } from '../server/db/database.ts'

const url = process.env.DATABASE_URL
const port = Number(process.env.PORT)
if (!url || !port) throw new Error('DATABASE_URL and PORT are required.')

const database = await createDatabase({ url })
const app = await buildApp({
  database,
  auth: { projectId: 'demo-slotwise', emulator: true },
  corsOrigins: [],
  clientConfig: {
    firebase: { apiKey: 'demo-api-key', authDomain: '', projectId: 'demo-slotwise', appId: '' },
    authEmulatorUrl: '',
    sentryDsn: null,
    environment: 'bench',
  },
  logger: false,
  // HAProxy in front: the visitor's address is the one it forwards.
  trustProxyHops: 1,
  publicRateLimits: {
    readsPerIp: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    writesPerIp: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
    bookingsPerEmail: { limit: Number.MAX_SAFE_INTEGER, windowMs: 3_600_000 },
  },
})
await app.listen({ host: '127.0.0.1', port })
// For comparison with the cache off: every request reads the database, as before it existed.
if (process.env.BENCH_READ_CACHE === 'off') app.parts.readCache.detach()
console.log('ready')

const stop = async () => {
  await app.close()
  await database.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
