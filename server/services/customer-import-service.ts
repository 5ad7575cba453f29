import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createCustomerImportRepository } from '../db/repositories/customer-import-repository.ts'
import { isConstraintConflict } from '../db/sql-state.ts'
import { type ImportCounts, type ImportPlan, planImport } from '../domain/customer-import-plan.ts'
import { readImportRow } from '../domain/customer-import-rows.ts'
import type { Member } from '../domain/member.ts'
import { businessRegion, isRegion } from '../domain/phone-numbers.ts'
import { conflict, type FieldError, Refusal } from '../domain/refusal.ts'

export type CustomerImportInput = components['schemas']['CustomerImportInput']
export type CustomerImportReport = components['schemas']['CustomerImportReport']

// How many rows a refused import names in its problem's `errors`: enough to fix a file by,
// small enough to read; the dry run lists them all.
const PROBLEM_ERRORS_SHOWN = 100

// An e-mail taken by a customer added elsewhere between our read and our write (a booking, a
// colleague) makes the import plan again from what is there now; this many times, then 409.
const ATTEMPTS = 3

class ImportRaced extends Error {}

/** Imports a file's rows as customers of the member's business. */
export function createCustomerImportService(database: Database) {
  return {
    async run(member: Member, input: CustomerImportInput): Promise<CustomerImportReport> {
      const region = await regionFor(database, member.tenantId, input.default_region)
      const rows = input.rows.map((row) => readImportRow(row, region))
      const report = (plan: ImportPlan, dryRun: boolean): CustomerImportReport => ({
        dry_run: dryRun,
        on_duplicate: input.on_duplicate,
        default_region: region,
        counts: plan.counts,
        rows: plan.results,
      })

      if (input.dry_run) {
        const existing = await createCustomerImportRepository(database.db).matchable(
          member.tenantId,
        )
        return report(planImport(rows, existing, input.on_duplicate, region), true)
      }

      for (let attempt = 1; ; attempt++) {
        try {
          return await database.transaction(async (tx) => {
            const imports = createCustomerImportRepository(tx)
            await imports.lockImports(member.tenantId)
            const plan = planImport(
              rows,
              await imports.matchable(member.tenantId),
              input.on_duplicate,
              region,
            )
            if (plan.counts.errors > 0 && !input.skip_invalid_rows) throw rowsRefused(plan)
            await imports.updateMany(member.tenantId, plan.updates)
            const inserted = await imports.insertMany(member.tenantId, plan.creates)
            if (inserted !== plan.creates.length) throw new ImportRaced()
            await createActivityRepository(tx).record({
              tenantId: member.tenantId,
              actor: member.actor,
              entityType: 'customer',
              entityId: null,
              action: 'imported',
              summary: importSummary(input.file_name, plan.counts, plan.updates.length),
            })
            return report(plan, false)
          })
        } catch (error) {
          const raced = error instanceof ImportRaced || isConstraintConflict(error)
          if (!raced) throw error
          if (attempt >= ATTEMPTS) {
            throw conflict(
              'Customers were being added while importing, so nothing was imported. Try again.',
            )
          }
        }
      }
    },
  }
}

async function regionFor(
  database: Database,
  tenantId: string,
  chosen: string | undefined,
): Promise<string | null> {
  if (chosen !== undefined) {
    if (!isRegion(chosen)) {
      throw new Refusal('invalid', `body.default_region ${chosen} is not a country we can read.`, {
        errors: [{ path: 'body.default_region', message: 'is not a known country code' }],
      })
    }
    return chosen
  }
  return businessRegion(await createCustomerImportRepository(database.db).businessContact(tenantId))
}

/** 422 naming each row and field with a problem; nothing was written. */
function rowsRefused(plan: ImportPlan): Refusal {
  const errors: FieldError[] = []
  plan.results.forEach((result, index) => {
    for (const error of result.errors) {
      errors.push({
        path: `body.rows.${index}.${error.field}`,
        message: `Row ${result.row}: ${error.field.replace('_', ' ')} ${error.message}`,
      })
    }
  })
  const rowsWithErrors = plan.counts.errors
  return new Refusal(
    'unprocessable',
    `${rowsWithErrors} ${rowsWithErrors === 1 ? 'row has' : 'rows have'} errors, so nothing was imported. Fix ${rowsWithErrors === 1 ? 'it' : 'them'} in the file, or leave ${rowsWithErrors === 1 ? 'it' : 'them'} out.`,
    { type: '/problems/import-rows-invalid', errors: errors.slice(0, PROBLEM_ERRORS_SHOWN) },
  )
}

/** "Imported customers from clients.csv: 120 added, 4 existing updated, 2 duplicates skipped". */
export function importSummary(
  fileName: string | undefined,
  counts: ImportCounts,
  updated: number,
): string {
  const count = (n: number, one: string, many: string) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
  const parts = [
    `${counts.created.toLocaleString('en-US')} added`,
    `${updated.toLocaleString('en-US')} existing updated`,
    counts.merged > 0 ? count(counts.merged, 'row merged', 'rows merged') : '',
    counts.skipped > 0 ? count(counts.skipped, 'duplicate skipped', 'duplicates skipped') : '',
    counts.errors > 0
      ? count(counts.errors, 'row with errors left out', 'rows with errors left out')
      : '',
  ].filter(Boolean)
  const from = fileName?.trim() ? ` from ${fileName.trim()}` : ''
  return `Imported customers${from}: ${parts.join(', ')}`
}
