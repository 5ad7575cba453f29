import { describe, expect, it } from 'vitest'
import {
  detectMapping,
  detectSource,
  mappingProblem,
  normaliseHeader,
} from '../../../../src/domain/customer-import-columns'
import { importRowsOf, parsedFileProblem } from '../../../../src/domain/customer-import-rows'
import {
  errorReportCsv,
  errorReportName,
} from '../../../../src/features/customers/customer-import/import-file'

// Header rows as each tool exports them (made up from the tools' documented exports).
const headersByTool = {
  fresha: [
    'First Name',
    'Last Name',
    'Mobile Number',
    'Telephone',
    'Email',
    'Gender',
    'Date of Birth',
    'Note',
    'Accepts Marketing',
    'Added',
    'Client Source',
  ],
  square: [
    'Reference ID',
    'First Name',
    'Surname',
    'Email Address',
    'Phone Number',
    'Nickname',
    'Birthday',
    'Memo',
    'Square Customer ID',
    'Email Subscription Status',
    'Groups',
  ],
  calendly: [
    'Invitee Name',
    'Invitee First Name',
    'Invitee Last Name',
    'Invitee Email',
    'Text Reminder Number',
    'Event Type Name',
    'Start Date & Time',
  ],
  acuity: ['First Name', 'Last Name', 'Phone', 'Email', 'Notes'],
  plain: ['Name', 'E-mail', 'Phone'],
}

/** The mapping as `header → field`, leaving out ignored columns. */
function mapped(headers: string[]): Record<string, string> {
  const mapping = detectMapping(headers)
  return Object.fromEntries(
    headers.map((header, index) => [header, mapping[index]]).filter(([, t]) => t !== 'ignore'),
  )
}

describe('detectSource and detectMapping', () => {
  it.each(Object.entries(headersByTool))('tells a %s export by its headers', (tool, headers) => {
    expect(detectSource(headers)).toBe(tool)
  })

  it('maps Fresha: the mobile number over the landline, marketing consent, the note', () => {
    expect(mapped(headersByTool.fresha)).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      'Mobile Number': 'phone',
      Email: 'email',
      Note: 'notes',
      'Accepts Marketing': 'marketing_consent',
    })
  })

  it('maps Square: surname, memo, groups as tags, the subscription status as consent', () => {
    expect(mapped(headersByTool.square)).toEqual({
      'First Name': 'first_name',
      Surname: 'last_name',
      'Email Address': 'email',
      'Phone Number': 'phone',
      Memo: 'notes',
      'Email Subscription Status': 'marketing_consent',
      Groups: 'tags',
    })
  })

  it('maps Calendly: the invitee’s name, e-mail and text reminder number', () => {
    expect(mapped(headersByTool.calendly)).toEqual({
      'Invitee Name': 'name',
      'Invitee First Name': 'first_name',
      'Invitee Last Name': 'last_name',
      'Invitee Email': 'email',
      'Text Reminder Number': 'phone',
    })
  })

  it('maps Acuity and a plain file', () => {
    expect(mapped(headersByTool.acuity)).toEqual({
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Phone: 'phone',
      Email: 'email',
      Notes: 'notes',
    })
    expect(mapped(headersByTool.plain)).toEqual({ Name: 'name', 'E-mail': 'email', Phone: 'phone' })
  })

  it('reads headers whatever their case, punctuation and spacing', () => {
    expect(normaliseHeader('  E-Mail_Address ')).toBe('e mail address')
    expect(mapped(['FULL NAME', 'e_mail', 'Cell  Phone'])).toEqual({
      'FULL NAME': 'name',
      e_mail: 'email',
      'Cell  Phone': 'phone',
    })
    expect(detectSource(['Foo', 'Bar'])).toBe('plain')
  })
})

describe('mappingProblem', () => {
  it('needs a name column and each field once', () => {
    expect(mappingProblem(['email', 'phone'])).toMatch(/names/)
    expect(mappingProblem(['last_name', 'email'])).toBeUndefined()
    expect(mappingProblem(['name', 'email', 'email'])).toBe('Only one column can be “E-mail”.')
    expect(mappingProblem(['name', 'ignore', 'ignore'])).toBeUndefined()
  })
})

describe('importRowsOf', () => {
  it('numbers rows as the spreadsheet does, counting blank records without sending them', () => {
    const rows = importRowsOf(
      [
        ['Ana', 'ana@example.test'],
        ['', ' '],
        ['Ben', ''],
      ],
      ['name', 'email'],
    )
    expect(rows).toEqual([
      { row: 2, name: 'Ana', email: 'ana@example.test' },
      { row: 4, name: 'Ben' },
    ])
  })

  it('tidies control characters away, keeping line breaks only in notes', () => {
    const [row] = importRowsOf(
      [['An\u0000a\tSilva', 'line one\nline two\u0007']],
      ['name', 'notes'],
    )
    expect(row).toEqual({ row: 2, name: 'Ana Silva', notes: 'line one\nline two' })
  })
})

describe('parsedFileProblem', () => {
  it('refuses a file without rows, without a header, or over 20,000 rows', () => {
    const file = (headers: string[], rows: number) => ({
      fileName: 'f.csv',
      headers,
      records: Array.from({ length: rows }, () => ['x']),
    })
    expect(parsedFileProblem(file(['Name'], 1))).toBeUndefined()
    expect(parsedFileProblem(file(['Name'], 0))).toMatch(/no customers/)
    expect(parsedFileProblem(file([''], 1))).toMatch(/no header row/)
    expect(parsedFileProblem(file(['Name'], 20_001))).toMatch(/20,001 rows/)
  })
})

describe('errorReportCsv', () => {
  it('lists the rows with errors with their cells, formulas neutralised', () => {
    const file = {
      fileName: 'clients.csv',
      headers: ['Name', 'Email'],
      records: [
        ['=HYPERLINK("http://evil.test","x")', 'bad'],
        ['Ok', 'ok@example.test'],
      ],
    }
    const csv = errorReportCsv(file, {
      dry_run: true,
      on_duplicate: 'skip',
      default_region: 'US',
      counts: { created: 1, merged: 0, skipped: 0, errors: 1 },
      rows: [
        {
          row: 2,
          outcome: 'error',
          name: '=HYPERLINK("http://evil.test","x")',
          email: 'bad',
          phone: null,
          errors: [{ field: 'email', message: 'is not a valid e-mail address' }],
        },
        {
          row: 3,
          outcome: 'create',
          name: 'Ok',
          email: 'ok@example.test',
          phone: null,
          errors: [],
        },
      ],
    })
    expect(csv.split('\r\n')).toEqual([
      'Row,Problems,Name,Email',
      `2,email: is not a valid e-mail address,"'=HYPERLINK(""http://evil.test"",""x"")",bad`,
    ])
    expect(errorReportName('clients.csv')).toBe('clients-errors.csv')
  })
})
