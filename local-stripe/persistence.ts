import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { emptyServiceState, emptyState, type ServiceState } from './state.ts'

/** A file written before a collection existed still loads: missing collections start empty. */
export function loadState(dataFile: string | undefined): ServiceState {
  if (!dataFile || !existsSync(dataFile)) return emptyServiceState()
  const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as Partial<ServiceState>
  const state = { ...emptyServiceState(), ...saved }
  for (const [account, books] of Object.entries(state.connected)) {
    state.connected[account] = { ...emptyState(), ...books }
  }
  return state
}

/** Temp file then rename, so a crash mid-write never leaves half a JSON file behind. */
export function saveState(dataFile: string, state: ServiceState): void {
  mkdirSync(dirname(dataFile), { recursive: true })
  const temporary = `${dataFile}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(state))
  renameSync(temporary, dataFile)
}
