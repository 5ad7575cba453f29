import { startAuthEmulator } from '../scripts/lib/auth-emulator.ts'
const emulator = await startAuthEmulator({ port: 22030 })
console.log('up', emulator.host)
process.on('SIGTERM', async () => { await emulator.stop(); process.exit(0) })
setInterval(() => {}, 1 << 30)
