import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const sourcesOfTheBuild = [
  'src',
  // The app imports the shared kernel (catalogues, rules, the contract's types).
  'shared',
  'public',
  'rsbuild.config.ts',
  'package-lock.json',
  'tsconfig.json',
]

/** Newest modification time among the files the SPA build reads. */
function newestSourceTime(root: string): number {
  let newest = 0
  const visit = (path: string) => {
    if (!existsSync(path)) return
    const stat = statSync(path)
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) visit(join(path, entry))
    } else {
      newest = Math.max(newest, stat.mtimeMs)
    }
  }
  for (const source of sourcesOfTheBuild) visit(join(root, source))
  return newest
}

/**
 * Builds the SPA into dist/ (and the booking pages' server renderer into dist-ssr/) when it is missing or older than its sources, so `npm start`
 * on a fresh clone just works and a restart without changes costs nothing.
 */
export function buildSpaIfStale(root: string, log: (line: string) => void): void {
  const index = join(root, 'dist', 'index.html')
  const serverRenderer = join(root, 'dist-ssr', 'booking-page.js')
  if (
    existsSync(index) &&
    existsSync(serverRenderer) &&
    statSync(index).mtimeMs >= newestSourceTime(root)
  ) {
    log('The app is already built (dist/ is newer than src/).')
    return
  }
  log('Building the app (dist/)…')
  const rsbuild = join(root, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js')
  // A production build whoever calls: Rsbuild takes its mode from NODE_ENV, and Vitest (the
  // scale tests build here too) sets it to `test`, which gave a development bundle that looks
  // for Node's `process` in the browser and renders nothing.
  execFileSync(process.execPath, [rsbuild, 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
