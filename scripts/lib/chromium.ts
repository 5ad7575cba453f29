import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/** Debian's Chromium: Playwright's own browser download does not work on our machines. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Makes sure Chromium is there for the end-to-end suite: installs Debian's package when
 * running as root, otherwise stops at once with the one command to run.
 */
export function ensureChromium(): void {
  if (existsSync(chromiumPath)) return
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromiumPath}: run \`sudo apt-get install -y chromium\` (or set CHROMIUM_PATH), then npm test again.`,
    )
    process.exit(1)
  }
  console.log('Chromium is missing: installing Debian’s chromium package…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  })
}
