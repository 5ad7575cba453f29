import { startLocalGoogle } from './server.ts'

// `node --import tsx local-google/main.ts`: the local Google service for manual runs.
const google = await startLocalGoogle({
  port: Number(process.env.LOCAL_GOOGLE_PORT ?? 9300),
  host: process.env.LOCAL_GOOGLE_HOST ?? '127.0.0.1',
  dataFile: process.env.LOCAL_GOOGLE_DATA_FILE || undefined,
  clientId: process.env.GOOGLE_CLIENT_ID || undefined,
  clientSecret: process.env.GOOGLE_CLIENT_SECRET || undefined,
})
console.log(`Local Google listening on ${google.url} (OAuth client ${google.clientId})`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    google.stop().then(() => process.exit(0))
  })
}
