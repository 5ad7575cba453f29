/**
 * The model-based tests' coverage, from the test run to the scripts: each model test writes
 * what its covering set of paths exercised on the live actors to
 * `$MODEL_COVERAGE_DIR/<machine>.json`, and `npm run test:model` and `npm test` print one line
 * per machine after Vitest. The model test itself fails on a gap, naming it; `test:model`
 * also fails when a machine reports less than everything, or nothing.
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

/** Whether a machine's paths reached all its states and took all its transitions. */
export function isFullCoverage({ states, transitions }: ModelCoverage): boolean {
  return states.covered === states.total && transitions.covered === transitions.total
}

function readCoverage(dir: string, root: string): [string, ModelCoverage | null][] {
  const machines = readdirSync(resolve(root, 'src/machines'))
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.slice(0, -'.machine.ts'.length))
  return machines.sort().map((machine) => {
    const file = join(dir, `${machine}.json`)
    if (!existsSync(file)) return [machine, null]
    return [machine, JSON.parse(readFileSync(file, 'utf8')) as ModelCoverage]
  })
}

/**
 * One line per machine in `src/machines`, from what the run wrote; a machine whose model test
 * wrote nothing (it failed to load, or there is none) says so.
 */
export function modelCoverageLines(dir: string, root: string): string[] {
  return readCoverage(dir, root).map(([machine, coverage]) =>
    coverage ? formatModelCoverage(coverage) : `${machine}: no coverage reported`,
  )
}

/** The machines a run did not cover in full, or whose model test reported nothing. */
export function modelCoverageGaps(dir: string, root: string): string[] {
  return readCoverage(dir, root)
    .filter(([, coverage]) => !coverage || !isFullCoverage(coverage))
    .map(([machine]) => machine)
}
