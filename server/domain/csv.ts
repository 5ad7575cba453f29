/** A value of one CSV cell; null and undefined become an empty cell. */
export type CsvValue = string | number | boolean | null | undefined

/** Excel's UTF-8 marker: without it, Excel opens a UTF-8 file as Windows-1252 and garbles names. */
export const UTF8_BOM = '\uFEFF'

// Spreadsheet programs run a cell that starts with one of these as a formula (CSV injection):
// = + - @ (or their full-width forms, which some read alike), also after leading white space
// that an import may trim, and a cell that starts with a tab or a line break (OWASP's list).
const FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * One cell, RFC 4180 quoted when needed. Text that a spreadsheet would run as a formula gets
 * a leading apostrophe (OWASP's advice), so "=HYPERLINK(...)" typed into a customer's notes
 * shows as text for whoever opens the export. Numbers and booleans are ours and left alone.
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'string') return String(value)
  const text = FORMULA_START.test(value) ? `'${value}` : value
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** One record, CRLF-terminated as RFC 4180 asks. */
export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`
}
