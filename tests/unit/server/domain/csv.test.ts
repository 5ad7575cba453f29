import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type CsvValue, csvCell, csvRow, UTF8_BOM } from '../../../../server/domain/csv.ts'
import { hostileText, PROPERTY_TIMEOUT_MS } from '../../../support/unit/hostile-text.ts'
import { readCsv } from '../../../support/unit/strict-csv.ts'

describe('csvCell', () => {
  it('leaves plain text, numbers and booleans as they are', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe')
    expect(csvCell(42)).toBe('42')
    expect(csvCell(true)).toBe('true')
  })

  it('writes null and undefined as an empty cell', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['"', '""""'],
  ])('quotes %j as RFC 4180 asks', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it.each([
    ['=1+2', "'=1+2"],
    ['+49 30 123', "'+49 30 123"],
    ['-5', "'-5"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=cmd', "'\t=cmd"],
    ['\rtext', `"'\rtext"`],
    ['\ntext', `"'\ntext"`],
    ['  =1+2', "'  =1+2"],
    ['\uff1d1+2', "'\uff1d1+2"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('defuses %j, which a spreadsheet would run as a formula', (value, expected) => {
    expect(csvCell(value)).toBe(expected)
  })

  it('does not touch a formula character that is not the first', () => {
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell('jane@example.com')).toBe('jane@example.com')
  })

  it('keeps non-ASCII text intact', () => {
    expect(csvCell('Zoë Ørsted 山田')).toBe('Zoë Ørsted 山田')
  })
})

describe('csvRow', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRow(['a', null, 'b,c', 3])).toBe('a,,"b,c",3\r\n')
  })

  it('writes an empty record as a bare line break', () => {
    expect(csvRow([])).toBe('\r\n')
  })
})

it('the BOM is the UTF-8 byte order mark', () => {
  expect([...Buffer.from(UTF8_BOM, 'utf8')]).toEqual([0xef, 0xbb, 0xbf])
})

describe('the strict reader the tests below rely on', () => {
  it('reads quoted and bare fields and empty cells', () => {
    expect(readCsv('a,"b,""c""\r\nd",\r\n\r\n')).toEqual([['a', 'b,"c"\r\nd', ''], ['']])
  })

  it.each([
    ['a"b\r\n', 'a quote inside a bare field'],
    ['"a\r\n', 'a quoted field that never closes'],
    ['"a"b\r\n', 'text after a closing quote'],
    ['a\nb\r\n', 'a bare LF'],
    ['a\rb\r\n', 'a bare CR'],
    ['a', 'a record without CRLF'],
    ['a,', 'a last field without CRLF'],
  ])('refuses %j (%s)', (text) => {
    expect(() => readCsv(text)).toThrow(/Not RFC 4180/)
  })
})

/** Whether a spreadsheet would take the text of a cell as a formula (OWASP's list, widened). */
const runsAsFormula = (text: string) =>
  /^[\t\r\n]/.test(text) || /^\s*[=+\-@\uff1d\uff0b\uff0d\uff20]/.test(text)

const csvValue: fc.Arbitrary<CsvValue> = fc.oneof(
  { arbitrary: hostileText(), weight: 6 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constantFrom(null, undefined), weight: 1 },
)

describe('any values, read back with a strict RFC 4180 reader', () => {
  it(
    'make exactly one record with one cell each, holding the value (text that would run defused)',
    () => {
      fc.assert(
        fc.property(fc.array(csvValue, { minLength: 1, maxLength: 8 }), (values) => {
          const records = readCsv(csvRow(values))
          expect(records).toHaveLength(1)
          const cells = records[0] as string[]
          expect(cells).toHaveLength(values.length)
          values.forEach((value, index) => {
            const cell = cells[index]
            if (typeof value === 'string') {
              expect(cell).toBe(runsAsFormula(value) ? `'${value}` : value)
              expect(runsAsFormula(cell as string)).toBe(false)
            } else if (typeof value === 'number') {
              // Numbers are the exporter's own and stay numbers for the spreadsheet.
              expect(cell).toBe(String(value))
              expect(Number(cell) === value).toBe(true)
            } else {
              expect(cell).toBe(value === null || value === undefined ? '' : String(value))
            }
          })
        }),
        { numRuns: 500 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )

  it(
    'make as many records as rows were written',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.array(hostileText(12), { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
          (rows) => {
            const records = readCsv(rows.map(csvRow).join(''))
            expect(records.map((record) => record.length)).toEqual(rows.map((row) => row.length))
          },
        ),
        { numRuns: 300 },
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})
