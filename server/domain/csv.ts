import { SPREADSHEET_FORMULA_START } from '../../shared/spreadsheet-formula.ts'

/** A value of one CSV cell; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined

/** Excel's UTF-8 marker: without it, Excel opens a UTF-8 file as Windows-1252 and garbles names. */
export const UTF8_BOM = '\uFEFF'

const NEEDS_QUOTES = /[",\r\n]/

/**
 * One cell, RFC 4180 quoted when needed. Text that a spreadsheet would run as a formula gets
 * a leading apostrophe (OWASP's advice), so "=HYPERLINK(...)" typed into a customer's notes
 * shows as text for whoever opens the export. Numbers and booleans are ours and left alone.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = SPREADSHEET_FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
