import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { emptyState, type ServiceState } from './state.ts'

/** A file written before a collection existed still loads: missing collections start empty. */
export function loadState(dataFile: string | undefined): ServiceState {
  if (!dataFile || !existsSync(dataFile)) return emptyState()
  const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<ServiceState>
  return { ...emptyState(), ...saved }
}

/** Temp file then rename, so a crash mid-write never leaves half a JSON file behind. */
export function saveState(dataFile: string, state: ServiceState): void {
  mkdirSync(dirname(dataFile), { recursive: true })
  const temporary = `${dataFile}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(state))
  renameSync(temporary, dataFile)
}
