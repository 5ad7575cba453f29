/**
 * The model-based tests' coverage, from the test run to the scripts: each model test writes
 * what its paths exercised on the live actors to `$MODEL_COVERAGE_DIR/<machine>.json`, and
 * `npm run test:model` and `npm test` print one line per machine after Vitest.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const MODEL_COVERAGE_DIR = 'MODEL_COVERAGE_DIR'

export interface ModelCoverage {
  machine: string
  states: { covered: number; total: number }
  transitions: { covered: number; total: number }
  paths: number
}

/** Writes one machine's figures when the run was asked for them (the variable is set). */
export function writeModelCoverage(coverage: ModelCoverage): void {
  const dir = process.env[MODEL_COVERAGE_DIR]
  if (!dir) return
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, `${coverage.machine}.json`), `${JSON.stringify(coverage)}\n`)
}

/** `toast: 1/1 states, 6/6 transitions, 44 paths` */
export function formatModelCoverage({
  machine,
  states,
  transitions,
  paths,
}: ModelCoverage): string {
  return `${machine}: ${states.covered}/${states.total} states, ${transitions.covered}/${transitions.total} transitions, ${paths} paths`
}

/**
 * One line per machine in `src/machines`, from what the run wrote; a machine whose model test
 * wrote nothing (it failed to load, or there is none) says so.
 */
export function modelCoverageLines(dir: string, root: string): string[] {
  const machines = readdirSync(resolve(root, 'src/machines'))
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.slice(0, -'.machine.ts'.length))
  return machines.sort().map((machine) => {
    const file = join(dir, `${machine}.json`)
    if (!existsSync(file)) return `${machine}: no coverage reported`
    return formatModelCoverage(JSON.parse(readFileSync(file, 'utf8')) as ModelCoverage)
  })
}
