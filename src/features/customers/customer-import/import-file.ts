import Papa from 'papaparse'
import { SPREADSHEET_FORMULA_START } from '../../../../shared/spreadsheet-formula'
import { type ParsedFile, parsedFileProblem } from '../../../domain/customer-import-rows'
import type { CustomerImportReport } from '../../../machines/customer-import.machine'

/**
 * Reads a chosen or dropped file as CSV in the browser (papaparse: quoted cells with line
 * breaks, `;` or tab as the separator, as spreadsheets save them), so the columns can be
 * mapped and previewed before anything is sent. Throws an Error that says what is wrong.
 */
export function readCsvFile(file: File): Promise<ParsedFile> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file, {
      skipEmptyLines: false,
      complete: (result) => {
        const [headers = [], ...records] = result.data
        const parsed: ParsedFile = {
          fileName: file.name,
          // Excel's UTF-8 files begin with a byte-order mark, which is no part of the header.
          headers: headers.map((header, index) =>
            index === 0 ? header.replace(/^\uFEFF/, '').trim() : header.trim(),
          ),
          records,
        }
        const problem = parsedFileProblem(parsed)
        if (problem) reject(new Error(problem))
        else resolve(parsed)
      },
      error: () => reject(new Error(`${file.name} could not be read as a CSV file.`)),
    })
  })
}

/**
 * The rows with errors as a CSV file to fix them in: each row's number and problems, then its
 * cells as they were. Written with papaparse, a cell a spreadsheet would run as a formula
 * prefixed with an apostrophe (the same rule as the server's exports).
 */
export function errorReportCsv(file: ParsedFile, report: CustomerImportReport): string {
  const lines = report.rows
    .filter((row) => row.errors.length > 0)
    .map((row) => [
      String(row.row),
      row.errors.map((error) => `${error.field}: ${error.message}`).join('; '),
      ...(file.records[row.row - 2] ?? []),
    ])
  return Papa.unparse([['Row', 'Problems', ...file.headers], ...lines], {
    escapeFormulae: SPREADSHEET_FORMULA_START,
  })
}

/** `clients.csv` → `clients-errors.csv`. */
export function errorReportName(fileName: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'customers'}-errors.csv`
}
