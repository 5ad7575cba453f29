/**
 * `npm run bench`: every benchmark in turn, sharing one Auth emulator; arguments (such as
 * `--memory`) go to each; `BENCH=<part of a file name>` picks some. Exits non-zero when any missed its target.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { startAuthEmulator } from '../scripts/lib/auth-emulator.ts'

const allBenches = [
  'customers.bench.ts',
  'customer-import.bench.ts',
  'availability.bench.ts',
  'calendar-sync.bench.ts',
  'insights.bench.ts',
  'contended-create.bench.ts',
  'booking-page.bench.ts',
  'staff-cold-load.bench.ts',
  'load.bench.ts',
]
/** `BENCH=availability npm run bench` runs only the benchmarks whose file names contain it. */
const only = process.env.BENCH
const benches = only ? allBenches.filter((file) => file.includes(only)) : allBenches

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST ? undefined : await startAuthEmulator()
const missed: string[] = []
try {
  for (const bench of benches) {
    console.log(`\n▶ ${bench}`)
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, bench), ...process.argv.slice(2)],
      {
        stdio: 'inherit',
        env: {
          ...process.env,
          FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? emulator?.host,
        },
      },
    )
    if (result.signal === 'SIGINT') break
    if (result.status !== 0) missed.push(bench)
  }
} finally {
  await emulator?.stop()
}
console.log(
  missed.length === 0 ? '\nEvery benchmark met its target.' : `\nMissed: ${missed.join(', ')}`,
)
process.exitCode = missed.length === 0 ? 0 : 1
