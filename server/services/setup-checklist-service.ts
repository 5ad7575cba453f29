import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { loadSetupProgress, loadUnbookableServices } from '../db/read-models/setup-progress.ts'
import { createBusinessRepository } from '../db/repositories/business-repository.ts'
import type { Member } from '../domain/member.ts'
import { setupSteps } from '../domain/setup-steps.ts'

type SetupChecklist = components['schemas']['SetupChecklist']

/** The dashboard's set-up checklist: every step's state read from the business's data. */
export function createSetupChecklistService(database: Database) {
  return {
    async get(member: Member): Promise<SetupChecklist> {
      const [progress, unbookable] = await Promise.all([
        loadSetupProgress(database.db, member.tenantId),
        loadUnbookableServices(database.db, member.tenantId),
      ])
      if (!progress) throw new Error('The member’s business was not found.')
      const steps = setupSteps(progress)
      return {
        steps,
        complete: steps.every((step) => step.done || step.optional),
        dismissed: progress.dismissed,
        unbookable_services: unbookable,
      }
    },

    async dismiss(member: Member): Promise<void> {
      await createBusinessRepository(database.db).dismissSetupChecklist(member.tenantId)
    },
  }
}
