import type { operations } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { unavailable } from '../domain/refusal.ts'

type Health = operations['getHealth']['responses']['200']['content']['application/json']

/** Whether this process can serve: it answers, and so does its database. */
export function createHealthService(deps: {
  database: Database
  version: string
  /** True once the process was told to stop (SIGTERM): it is alive but takes no new work. */
  draining?: () => boolean
}) {
  /** Liveness: the process answers, and so does its database. */
  async function check(): Promise<Health> {
    try {
      await deps.database.ping()
    } catch (error) {
      throw unavailable('The database is not answering.', { cause: error })
    }
    return { status: 'ok', database: 'ok', version: deps.version }
  }

  return {
    check,
    /** True once this process was told to stop: readiness answers 503 (routes/system.ts). */
    draining: () => deps.draining?.() ?? false,
  }
}
