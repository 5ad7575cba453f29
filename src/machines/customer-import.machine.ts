import { assign, fromPromise, setup } from 'xstate'
import type { components } from '../../shared/contract/schema'
import {
  type ColumnMapping,
  type ColumnTarget,
  detectMapping,
  detectSource,
  type FileSource,
  mappingProblem,
} from '../domain/customer-import-columns'
import { importRowsOf, type ParsedFile } from '../domain/customer-import-rows'
import { messageOf } from './call-errors'

export type CustomerImportInput = components['schemas']['CustomerImportInput']
export type CustomerImportReport = components['schemas']['CustomerImportReport']

export type DuplicateChoice = CustomerImportInput['on_duplicate']

export interface CustomerImportContext {
  file: ParsedFile | null
  source: FileSource | null
  mapping: ColumnMapping
  onDuplicate: DuplicateChoice
  /** The country for numbers without a country code; null = the business's own. */
  region: string | null
  skipInvalidRows: boolean
  /** The dry run's report, then the import's. */
  report: CustomerImportReport | null
  /** Why the last step failed, in words for the person; null when it did not. */
  error: string | null
}

export type CustomerImportEvent =
  | { type: 'import.fileChosen'; file: File }
  | { type: 'import.columnMapped'; column: number; target: ColumnTarget }
  | { type: 'import.duplicatesChosen'; choice: DuplicateChoice }
  | { type: 'import.regionChosen'; region: string | null }
  /** The dry run of the mapping as it is. */
  | { type: 'import.check' }
  /** Back from the dry run's report to the mapping. */
  | { type: 'import.edit' }
  | { type: 'import.skipInvalidChosen'; skip: boolean }
  | { type: 'import.confirm' }
  /** Start again with another file. */
  | { type: 'import.restart' }

const READ_ERROR = 'The file could not be read as CSV.'
const CHECK_ERROR = 'The file could not be checked.'
const IMPORT_ERROR = 'Nothing was imported.'

/** The import API's body for the chosen file, mapping and options. */
export function importRequestOf(
  context: CustomerImportContext,
  dryRun: boolean,
): CustomerImportInput {
  return {
    dry_run: dryRun,
    on_duplicate: context.onDuplicate,
    skip_invalid_rows: context.skipInvalidRows,
    ...(context.region ? { default_region: context.region } : {}),
    file_name: context.file?.fileName.slice(0, 200) ?? '',
    rows: importRowsOf(context.file?.records ?? [], context.mapping),
  }
}

const emptyMapping = {
  file: null,
  source: null,
  mapping: [],
  report: null,
  skipInvalidRows: false,
}

/**
 * The customer import wizard: choose a file (read and parsed by the app's `readFile`) → map
 * its columns, recognised from the headers of the tools salons come from → the dry run's report
 * row by row → the import, all or nothing → done. Changing the mapping or an option after a dry
 * run means checking again: the import only ever sends what the person last saw reported.
 */
export const customerImportMachine = setup({
  types: {
    context: {} as CustomerImportContext,
    events: {} as CustomerImportEvent,
  },
  actors: {
    readFile: fromPromise<ParsedFile, { file: File }>(async () => {
      throw new Error('provided by the app')
    }),
    checkImport: fromPromise<CustomerImportReport, CustomerImportInput>(async () => {
      throw new Error('provided by the app')
    }),
    runImport: fromPromise<CustomerImportReport, CustomerImportInput>(async () => {
      throw new Error('provided by the app')
    }),
  },
  actions: {
    /** Provided by the app: the import was written (`context.report`). */
    notifyImported: () => {},
    forgetFile: assign({ ...emptyMapping, error: null }),
  },
  guards: {
    isMappingUsable: ({ context }) => mappingProblem(context.mapping) === undefined,
    // Something to write, and no row with errors unless the person chose to leave them out.
    canImport: ({ context }) => {
      const counts = context.report?.counts
      if (!counts) return false
      const writes = counts.created + counts.merged
      return writes > 0 && (counts.errors === 0 || context.skipInvalidRows)
    },
  },
}).createMachine({
  id: 'customerImport',
  context: {
    ...emptyMapping,
    onDuplicate: 'fill',
    region: null,
    error: null,
  },
  initial: 'choosing',
  // Another file can be chosen whenever nothing is on its way to the server.
  states: {
    choosing: {
      on: { 'import.fileChosen': { target: '#customerImport.reading', actions: 'forgetFile' } },
    },
    reading: {
      tags: ['busy'],
      invoke: {
        src: 'readFile',
        id: 'readFile',
        input: ({ event }) => ({ file: (event as { file: File }).file }),
        onDone: {
          target: 'mapping',
          actions: assign({
            file: ({ event }) => event.output,
            source: ({ event }) => detectSource(event.output.headers),
            mapping: ({ event }) => detectMapping(event.output.headers),
          }),
        },
        onError: {
          target: 'choosing',
          actions: assign({ error: ({ event }) => messageOf(event.error, READ_ERROR) }),
        },
      },
    },
    mapping: {
      on: {
        'import.columnMapped': {
          actions: assign({
            mapping: ({ context, event }) =>
              context.mapping.map((target, column) =>
                column === event.column ? event.target : target,
              ),
          }),
        },
        'import.duplicatesChosen': {
          actions: assign({ onDuplicate: ({ event }) => event.choice }),
        },
        'import.regionChosen': { actions: assign({ region: ({ event }) => event.region }) },
        'import.check': { guard: 'isMappingUsable', target: 'checking' },
        'import.fileChosen': { target: '#customerImport.reading', actions: 'forgetFile' },
        'import.restart': { target: '#customerImport.choosing', actions: 'forgetFile' },
      },
    },
    checking: {
      tags: ['busy'],
      entry: assign({ error: null, report: null, skipInvalidRows: false }),
      invoke: {
        src: 'checkImport',
        id: 'checkImport',
        input: ({ context }) => importRequestOf(context, true),
        onDone: { target: 'reviewing', actions: assign({ report: ({ event }) => event.output }) },
        onError: {
          target: 'mapping',
          actions: assign({ error: ({ event }) => messageOf(event.error, CHECK_ERROR) }),
        },
      },
    },
    reviewing: {
      on: {
        'import.skipInvalidChosen': {
          actions: assign({ skipInvalidRows: ({ event }) => event.skip }),
        },
        'import.confirm': { guard: 'canImport', target: 'importing' },
        'import.edit': { target: 'mapping', actions: assign({ report: null, error: null }) },
        'import.fileChosen': { target: '#customerImport.reading', actions: 'forgetFile' },
      },
    },
    importing: {
      tags: ['busy'],
      entry: assign({ error: null }),
      invoke: {
        src: 'runImport',
        id: 'runImport',
        input: ({ context }) => importRequestOf(context, false),
        onDone: {
          target: 'done',
          actions: [assign({ report: ({ event }) => event.output }), 'notifyImported'],
        },
        onError: {
          target: 'reviewing',
          actions: assign({ error: ({ event }) => messageOf(event.error, IMPORT_ERROR) }),
        },
      },
    },
    done: {
      on: {
        'import.fileChosen': { target: '#customerImport.reading', actions: 'forgetFile' },
        'import.restart': { target: '#customerImport.choosing', actions: 'forgetFile' },
      },
    },
  },
})
