import { type CsvValue, csvRow, UTF8_BOM } from '../domain/csv.ts'
import type { Member } from '../domain/member.ts'
import type { createBusinessService } from './business-service.ts'
import type { Customer, CustomerQuery, createCustomerService } from './customer-service.ts'

const csvColumns = [
  'id',
  'name',
  'email',
  'phone',
  'tags',
  'time_zone',
  'marketing_consent',
  'notes',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Customer)[]

// Rows per chunk written to the response: big enough to keep the stream cheap, small enough
// that the first bytes leave early.
const CSV_ROWS_PER_CHUNK = 500

export interface CustomerExport {
  /** Named for the business's today, so a download's name says when it was taken. */
  fileName: string
  /** RFC 4180 CSV with a BOM (spreadsheets then read UTF-8), in chunks to stream. */
  chunks: Iterable<string>
}

/** The customer list, with its filter and order, as a CSV file. */
export function createCustomerExportService(deps: {
  customers: ReturnType<typeof createCustomerService>
  business: ReturnType<typeof createBusinessService>
}) {
  return {
    async export(member: Member, query: CustomerQuery): Promise<CustomerExport> {
      const [rows, configuration] = await Promise.all([
        deps.customers.listAll(member, query),
        deps.business.get(member),
      ])
      const day = new Intl.DateTimeFormat('en-CA', {
        timeZone: configuration.time_zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date())
      return { fileName: `customers-${day}.csv`, chunks: csvChunks(rows) }
    },
  }
}

function* csvChunks(rows: readonly Customer[]): Generator<string> {
  yield UTF8_BOM + csvRow(csvColumns)
  for (let start = 0; start < rows.length; start += CSV_ROWS_PER_CHUNK) {
    yield rows
      .slice(start, start + CSV_ROWS_PER_CHUNK)
      .map((row) => csvRow(csvColumns.map((column) => csvValue(row[column]))))
      .join('')
  }
}

function csvValue(value: Customer[keyof Customer]): CsvValue {
  return Array.isArray(value) ? value.join(', ') : value
}
