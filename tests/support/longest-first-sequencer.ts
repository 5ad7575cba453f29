import { relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Seconds the longest files took in a fresh-clone CI run (29 Nov 2026), by project. A fresh
 * clone has no Vitest cache, so Vitest would start files in the order it finds them; a long file
 * found late then runs alone at the end while the other workers wait (the fuzz file, 88 s, ended
 * fourth from last). Started first, the short files fill in around them. Files not listed run
 * after these, in Vitest's own order.
 */
const MEASURED_SECONDS: Record<string, number> = {
  'api:tests/api/fuzz.test.ts': 88,
  'api:tests/api/database-restart.test.ts': 44,
  'api:tests/api/process-crash.test.ts': 38,
  'api:tests/api/payment-holds.test.ts': 33,
  'scale:tests/scale/haproxy.test.ts': 28,
  'api:tests/api/appointments-concurrency.test.ts': 27,
  'api:tests/api/live-updates.test.ts': 24,
  'api:tests/api/payment-refunds.test.ts': 20,
  'api:tests/api/booking-payments.test.ts': 17,
  'api-embedded:tests/api/appointments-concurrency.test.ts': 72,
  'api-embedded:tests/api/live-updates.test.ts': 28,
  'unit:tests/unit/src/app/firebase-auth.test.ts': 27,
  'api-embedded:tests/api/backup.test.ts': 25,
  'api-embedded:tests/api/errors.test.ts': 20,
  'api-embedded:tests/api/read-cache-across-processes.test.ts': 16,
  'unit:tests/unit/server/domain/availability/properties.test.ts': 13,
}

/** Vitest's order, with the files known to be long moved to the front, longest first. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const seconds = (file: TestSpecification) =>
      MEASURED_SECONDS[
        `${file.project.name}:${relative(file.project.config.root, file.moduleId)}`
      ] ?? 0
    // Array.prototype.sort is stable: files of equal (unknown) length keep Vitest's order.
    return ordered.sort((a, b) => seconds(b) - seconds(a))
  }
}
