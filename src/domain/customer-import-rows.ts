import type { components } from '../../shared/contract/schema.d.ts'
import type { ColumnMapping } from './customer-import-columns.ts'

export type CustomerImportRow = components['schemas']['CustomerImportRow']

// What the API refuses in any text (controls other than tab and line breaks, lone halves of a
// surrogate pair), and what it refuses outside notes (tabs and line breaks): a stray one in a
// spreadsheet cell should not make the whole file fail, so it is tidied away here.
const CONTROL = /(?![\t\n\r])\p{Cc}/gu
// In a `u` expression a well-formed pair is one code point, so this finds only lone halves.
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu
const LINE_BREAK_OR_TAB = /[\t\n\r\u2028\u2029]+/g

function tidy(cell: string, multiline: boolean): string {
  const text = cell.replace(CONTROL, '').replace(LONE_SURROGATE, '\uFFFD')
  return multiline ? text : text.replace(LINE_BREAK_OR_TAB, ' ')
}

/**
 * The file's records as the rows the import API takes: each mapped cell under its field, the
 * row numbered as a spreadsheet shows it (the header is row 1), blank records left out but
 * counted, so a row number always points at the right line of the file.
 */
export function importRowsOf(
  records: readonly (readonly string[])[],
  mapping: ColumnMapping,
): CustomerImportRow[] {
  const rows: CustomerImportRow[] = []
  records.forEach((record, index) => {
    if (record.every((cell) => cell.trim() === '')) return
    const row: CustomerImportRow = { row: index + 2 }
    mapping.forEach((target, column) => {
      const cell = record[column]
      if (target === 'ignore' || cell === undefined || cell.trim() === '') return
      row[target] = tidy(cell, target === 'notes')
    })
    rows.push(row)
  })
  return rows
}

/** The most rows one import takes (the contract's `rows.maxItems`). */
export const MAX_IMPORT_ROWS = 20_000

/** A file read into its header row and records, before any mapping. */
export interface ParsedFile {
  fileName: string
  headers: string[]
  records: string[][]
}

/**
 * Why a parsed file cannot be imported (no header, no rows, too many rows), in words for the
 * person who chose it; undefined when it can.
 */
export function parsedFileProblem(file: ParsedFile): string | undefined {
  if (file.headers.every((header) => header.trim() === ''))
    return 'The file has no header row. Its first line must name the columns (Name, Email, Phone…).'
  const rows = file.records.filter((record) => record.some((cell) => cell.trim() !== '')).length
  if (rows === 0) return 'The file has a header row but no customers under it.'
  if (rows > MAX_IMPORT_ROWS)
    return `The file has ${rows.toLocaleString('en-US')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time. Split it into smaller files.`
  return undefined
}
