/**
 * `npm run test:model`: the machines' model-based tests — every path of the booking machine's
 * graph against fakes (Vitest, tests/model), then a covering set of those paths driven through
 * the real app in Chromium (Playwright, tests/e2e/booking-model.spec.ts). Extra arguments go
 * to Playwright (e.g. `--output=/tmp/model-results`). Exits non-zero when either fails.
 */
import { spawnSync } from 'node:child_process'
import { join, resolve } from 'node:path'
import { ensureChromium } from './lib/chromium.ts'

const root = resolve(import.meta.dirname, '..')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

function run(command: string, args: string[]): boolean {
  console.log(`\n▶ ${[command, ...args].join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.signal === 'SIGINT' || result.status === 130) process.exit(130)
  return result.status === 0
}

ensureChromium()
const inMemory = run(bin('vitest'), ['run', '--project', 'model'])
const inBrowser = run(bin('playwright'), [
  'test',
  'tests/e2e/booking-model.spec.ts',
  ...process.argv.slice(2),
])
process.exit(inMemory && inBrowser ? 0 : 1)
