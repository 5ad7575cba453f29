import { describe, expect, it } from 'vitest'
import { csvCell, csvRow, UTF8_BOM } from '../../server/domain/csv.ts'

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
