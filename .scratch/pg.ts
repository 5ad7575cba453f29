import { ensurePostgres, startTestPostgres } from '../scripts/lib/postgres.ts'
ensurePostgres()
const pg = await startTestPostgres()
console.log('up', pg.url)
process.on('SIGTERM', () => { pg.stop(); process.exit(0) })
setInterval(() => {}, 1 << 30)
