import type { components } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { api } from '../../api/client'

export type SetupChecklist = components['schemas']['SetupChecklist']
export type SetupStep = components['schemas']['SetupStep']

/** GET /api/v1/setup-checklist: each step's state, read from the business's data. */
export async function loadSetupChecklist(): Promise<SetupChecklist> {
  return unwrap(await api.GET('/api/v1/setup-checklist'))
}

/** PUT /api/v1/setup-checklist/dismissal: hides the checklist for everyone in the business. */
export async function dismissSetupChecklist(): Promise<void> {
  unwrap(await api.PUT('/api/v1/setup-checklist/dismissal'))
}
