/**
 * Model-based test of the customer import wizard (see support/describe-model.ts): every path of
 * its graph on a fresh actor with parked effects. At every step the dry run is asked for only
 * when the person asks to check the file, the import only on their confirmation and only with
 * exactly what the last dry run checked (mapping, options, rows), never while rows with errors
 * are in the way unless they chose to leave them out, and the person hears of an import
 * exactly when one was written.
 */
import { describe, expect } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import type { ParsedFile } from '../../src/domain/customer-import-rows'
import {
  type CustomerImportEvent,
  type CustomerImportInput,
  type CustomerImportReport,
  customerImportMachine,
} from '../../src/machines/customer-import.machine'
import { describeModel, parkedActor } from '../support/model/describe-model'
import { done, failed, type ModelEvent, sampleErrors } from '../support/model/sample-events'

type ImportSnapshot = ReturnType<typeof customerImportMachine.getInitialSnapshot>

const plainFile: ParsedFile = {
  fileName: 'clients.csv',
  headers: ['Name', 'Email', 'Phone'],
  records: [
    ['Ana Silva', 'ana@example.test', '+44 20 7946 0958'],
    ['', '', ''],
    ['Ben Okafor', 'ben@example.test', '415 555 2671'],
  ],
}
// No column is recognised as a name: the mapping cannot be checked until one is chosen.
const namelessFile: ParsedFile = {
  fileName: 'export.csv',
  headers: ['Who', 'Contact'],
  records: [['Cara', 'cara@example.test']],
}

function reportOf(counts: CustomerImportReport['counts'], dryRun: boolean): CustomerImportReport {
  return { dry_run: dryRun, on_duplicate: 'fill', default_region: 'US', counts, rows: [] }
}
const clean = reportOf({ created: 2, merged: 0, skipped: 0, errors: 0 }, true)
const withErrors = reportOf({ created: 1, merged: 0, skipped: 0, errors: 1 }, true)
const nothingToDo = reportOf({ created: 0, merged: 0, skipped: 2, errors: 0 }, true)
const imported = reportOf({ created: 2, merged: 0, skipped: 0, errors: 0 }, false)
const raced = new ApiError(409, {
  status: 409,
  detail: 'Customers were being added while importing, so nothing was imported. Try again.',
})

const sampleEvents: ModelEvent<CustomerImportEvent>[] = [
  { type: 'import.fileChosen', file: new File(['Name\nAna'], 'clients.csv') },
  done('readFile', plainFile, 'plain'),
  done('readFile', namelessFile, 'nameless'),
  failed('readFile', new Error('The file has a header row but no customers under it.'), 'empty'),
  { type: 'import.columnMapped', column: 0, target: 'name' },
  { type: 'import.duplicatesChosen', choice: 'skip' },
  { type: 'import.regionChosen', region: 'DE' },
  { type: 'import.check' },
  done('checkImport', clean, 'clean'),
  done('checkImport', withErrors, 'errors'),
  done('checkImport', nothingToDo, 'all duplicates'),
  failed('checkImport', sampleErrors.offline, 'offline'),
  { type: 'import.skipInvalidChosen', skip: true },
  { type: 'import.skipInvalidChosen', skip: false },
  { type: 'import.confirm' },
  done('runImport', imported, 'imported'),
  failed('runImport', raced, 'raced'),
  { type: 'import.edit' },
  { type: 'import.restart' },
]

describe('customer import machine paths from its graph', () => {
  describeModel({
    name: 'customer-import',
    machine: customerImportMachine,
    starts: [{ input: undefined }],
    events: sampleEvents,
    // Options are changed once, the region after the duplicates: changing them back or in
    // another order adds states, not behaviour.
    offers: (snapshot, event) =>
      snapshot.can(event as never) &&
      !(event.type === 'import.duplicatesChosen' && snapshot.context.onDuplicate === 'skip') &&
      !(
        event.type === 'import.regionChosen' &&
        (snapshot.context.region === 'DE' || snapshot.context.onDuplicate !== 'skip')
      ),
    observe: (snapshot: ImportSnapshot) => ({
      value: snapshot.value,
      file: snapshot.context.file?.fileName ?? null,
      source: snapshot.context.source,
      mapping: snapshot.context.mapping.join(','),
      onDuplicate: snapshot.context.onDuplicate,
      region: snapshot.context.region,
      skip: snapshot.context.skipInvalidRows,
      report: snapshot.context.report ? JSON.stringify(snapshot.context.report.counts) : null,
      error: snapshot.context.error,
      busy: snapshot.hasTag('busy'),
    }),
    harness: (input, inspect) => {
      const harness = parkedActor(customerImportMachine, {
        effects: ['readFile', 'checkImport', 'runImport'],
        actions: ['notifyImported'],
        input,
        inspect,
      })
      let lastChecked: CustomerImportInput | null = null
      return {
        ...harness,
        afterStep: ({ event, before, after, at }) => {
          expect(harness.heard().includes('notifyImported'), at).toBe(
            event.type === 'xstate.done.actor.runImport',
          )
          const [check] = harness.asked('checkImport') as CustomerImportInput[]
          if (check) {
            expect(event.type, at).toBe('import.check')
            expect(check.dry_run, at).toBe(true)
            expect(check.on_duplicate, at).toBe(before.context.onDuplicate)
            expect(check.default_region, at).toBe(before.context.region ?? undefined)
            // Rows numbered as the spreadsheet shows them; the blank record counted, not sent.
            if (before.context.file === plainFile && before.context.mapping[0] === 'name') {
              expect(
                check.rows.map((row) => [row.row, row.name]),
                at,
              ).toEqual([
                [2, 'Ana Silva'],
                [4, 'Ben Okafor'],
              ])
            }
            lastChecked = check
          }
          const [run] = harness.asked('runImport') as CustomerImportInput[]
          if (run) {
            expect(event.type, at).toBe('import.confirm')
            expect({ ...run, dry_run: true, skip_invalid_rows: false }, at).toEqual(lastChecked)
            const counts = before.context.report?.counts
            expect(counts && counts.created + counts.merged > 0, at).toBe(true)
            if (counts?.errors) expect(run.skip_invalid_rows, at).toBe(true)
            expect(after.matches('importing'), at).toBe(true)
          }
        },
      }
    },
  })
})
