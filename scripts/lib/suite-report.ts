/**
 * What `npm test` reports: one line per suite with its counts and the time it took, each failed
 * test by suite, file and name, and the sum of them all. Suites record here as they end (some
 * run side by side); scripts/test.ts prints it at the end, as a CI log is read from its end.
 */
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { stripVTControlCharacters } from 'node:util'

export interface Tally {
  passed: number
  failed: number
  skipped: number
}

export const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const suiteLines: string[] = []
/** Each failed test by suite, file and name, repeated before the summary. */
export const failures: string[] = []

export function record(suite: string, tally: Tally, startedAt: number) {
  total.passed += tally.passed
  total.failed += tally.failed
  total.skipped += tally.skipped
  suiteLines.push(
    `  ${suite.padEnd(44)} ${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped  (${formatDuration(Date.now() - startedAt)})`,
  )
}

export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/** The first line of a message, without terminal colours, at most 200 characters. */
export function firstLine(text: string | undefined): string {
  const plain = stripVTControlCharacters(text ?? '').trim()
  const line = plain.split('\n')[0] ?? ''
  return line.length > 200 ? `${line.slice(0, 200)}…` : line
}

/** The end of the report: failures, one line per suite (with its time), then the sum. */
export function printSummary(): void {
  if (failures.length > 0) console.log(`\nFailed:\n  ${failures.join('\n  ')}`)
  console.log(`\nSuites:\n${suiteLines.join('\n')}\n`)
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
}

/**
 * Runs a command beside others, each of its output lines printed as it comes with `prefix`, so
 * the log says which run a line is from. Resolves with its exit status (null: it did not run).
 */
export function runPrefixed(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; prefix: string },
): Promise<number | null> {
  console.log(`\n${options.prefix}▶ ${[command, ...args].join(' ')}`)
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env })
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => console.log(options.prefix + line))
    }
    let settled = false
    const settle = (status: number | null) => {
      if (settled) return
      settled = true
      resolvePromise(status)
    }
    child.on('error', (error) => {
      console.log(options.prefix + error.message)
      settle(null)
    })
    child.on('close', settle)
  })
}
