/**
 * Cells a spreadsheet program would run as a formula when it opens a CSV file (CSV injection):
 * = + - @ (or their full-width forms, which some read alike), also after leading white space
 * that an import may trim, and a cell that starts with a tab or a line break (OWASP's list).
 * Every CSV we write, the server's exports and the import screen's error report, puts an
 * apostrophe before such a cell so it shows as text.
 */
export const SPREADSHEET_FORMULA_START = /^(?:[\t\r\n]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/
