import type { operations } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { HttpProblem } from '../http/problem.ts'

type Health = operations['getHealth']['responses']['200']['content']['application/json']

/** Whether this process can serve: it answers, and so does its database. */
export function createHealthService(deps: { database: Database; version: string }) {
  return {
    async check(): Promise<Health> {
      try {
        await deps.database.ping()
      } catch (error) {
        throw new HttpProblem(503, 'The database is not answering.', { cause: error })
      }
      return { status: 'ok', database: 'ok', version: deps.version }
    },
  }
}
