import { and, eq, sql } from 'drizzle-orm'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { activityLog, customers } from '../../server/db/schema.ts'
import type { components } from '../../shared/contract/schema.d.ts'
import { detectMapping } from '../../src/domain/customer-import-columns.ts'
import { importRowsOf } from '../../src/domain/customer-import-rows.ts'
import { type BusinessUser, newOwner, setUpBusinessWithRoles } from '../support/api/team-access.ts'
import { expectProblem } from '../support/api/team-business.ts'

type Report = components['schemas']['CustomerImportReport']
type ImportInput = components['schemas']['CustomerImportInput']
type ImportRow = components['schemas']['CustomerImportRow']

const world = setUpBusinessWithRoles('Importing Salon', 'Other Salon Owner')
const { as } = world

/** A file's rows as the import screen sends them: parsed, its headers mapped by detection. */
function rowsOf(csv: string): ImportRow[] {
  const [headers = [], ...records] = Papa.parse<string[]>(csv.trim()).data
  return importRowsOf(records, detectMapping(headers))
}

function csv(lines: readonly (readonly string[])[]): string {
  return Papa.unparse(lines as string[][])
}

async function importAs(
  user: BusinessUser,
  body: Partial<ImportInput> & Pick<ImportInput, 'rows'>,
) {
  return as(user)('POST', '/api/v1/customers/import', {
    dry_run: false,
    on_duplicate: 'skip',
    ...body,
  })
}

async function imported(
  user: BusinessUser,
  body: Partial<ImportInput> & Pick<ImportInput, 'rows'>,
) {
  const response = await importAs(user, body)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Report>()
}

async function customersOf(tenantId: string) {
  return world.testApp.database.db
    .select()
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(customers.name)
}

async function customerByEmail(tenantId: string, email: string) {
  const [row] = await world.testApp.database.db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), sql`lower(${customers.email}) = lower(${email})`))
  return row
}

async function importEntries(tenantId: string) {
  return world.testApp.database.db
    .select()
    .from(activityLog)
    .where(and(eq(activityLog.tenantId, tenantId), eq(activityLog.action, 'imported')))
}

/** A business of its own per test keeps counts exact. */
async function freshOwner(name: string) {
  return newOwner(world.testApp, name)
}

// Each tool's export as a salon would download it (headers as the tools name them; the people
// and numbers made up). The business is en-US, so numbers without a country code are US ones.
const exportsByTool: Record<string, string> = {
  Fresha: csv([
    [
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
    [
      'Ana',
      'Silva',
      '+44 20 7946 0958',
      '',
      'ana@fresha.test',
      'Female',
      '1990-04-02',
      'Sensitive scalp',
      'Yes',
      '2024-01-05',
      'Walk-In',
    ],
    [
      'Ben',
      'Okafor',
      '(415) 555-2671',
      '020 7946 0000',
      'ben@fresha.test',
      'Male',
      '',
      '',
      'No',
      '2024-02-11',
      'Online',
    ],
  ]),
  Square: csv([
    [
      'Reference ID',
      'First Name',
      'Surname',
      'Email Address',
      'Phone Number',
      'Nickname',
      'Company Name',
      'Birthday',
      'Memo',
      'Square Customer ID',
      'Email Subscription Status',
      'Groups',
      'First Visit',
      'Last Visit',
      'Total Spend',
    ],
    [
      'R-1',
      'Ana',
      'Silva',
      'ana@square.test',
      '+442079460958',
      '',
      '',
      '04-02',
      'Likes tea',
      'SQ1',
      'Subscribed',
      'VIP, Colour',
      '2023-01-01',
      '2024-05-01',
      '$420.00',
    ],
    [
      'R-2',
      'Ben',
      'Okafor',
      'ben@square.test',
      '415.555.2671',
      '',
      'Acme',
      '',
      '',
      'SQ2',
      'Unsubscribed',
      '',
      '',
      '',
      '$0.00',
    ],
  ]),
  Calendly: csv([
    [
      'Invitee Name',
      'Invitee First Name',
      'Invitee Last Name',
      'Invitee Email',
      'Text Reminder Number',
      'Event Type Name',
      'Start Date & Time',
      'End Date & Time',
      'Invitee Time Zone',
      'Canceled',
      'Marked as No-Show',
    ],
    [
      'Ana Silva',
      'Ana',
      'Silva',
      'ana@calendly.test',
      '+44 20 7946 0958',
      'Cut',
      '2024-05-01 10:00',
      '2024-05-01 10:45',
      'Europe/London',
      'false',
      '',
    ],
    [
      'Ben Okafor',
      'Ben',
      'Okafor',
      'ben@calendly.test',
      '+1 415-555-2671',
      'Colour',
      '2024-05-02 12:00',
      '2024-05-02 13:00',
      'America/Los_Angeles',
      'false',
      '',
    ],
    // Calendly exports events: a second booking of the same invitee is the same customer.
    [
      'Ben Okafor',
      'Ben',
      'Okafor',
      'BEN@calendly.test',
      '+1 415-555-2671',
      'Cut',
      '2024-06-02 12:00',
      '2024-06-02 12:45',
      'America/Los_Angeles',
      'false',
      '',
    ],
  ]),
  Acuity: csv([
    ['First Name', 'Last Name', 'Phone', 'Email', 'Notes'],
    ['Ana', 'Silva', '+44 20 7946 0958', 'ana@acuity.test', 'Prefers Tuesdays'],
    ['Ben', 'Okafor', '4155552671', 'ben@acuity.test', ''],
  ]),
  'plain list': csv([
    ['Name', 'E-mail', 'Phone'],
    ['Ana Silva', 'ana@plain.test', '+44 20 7946 0958'],
    ['Ben Okafor', 'ben@plain.test', '415 555 2671'],
  ]),
}

describe('POST /api/v1/customers/import: each tool’s export', () => {
  it.each(Object.entries(exportsByTool))(
    'imports a %s export: names joined, phones in E.164, one activity entry',
    async (tool, file) => {
      const owner = await freshOwner(`${tool} Owner`)
      const rows = rowsOf(file)

      const dryRun = await imported(owner, { rows, dry_run: true, file_name: `${tool}.csv` })
      expect(dryRun.counts.created).toBe(2)
      expect(dryRun.default_region).toBe('US')
      expect(await customersOf(owner.tenantId)).toEqual([])

      const report = await imported(owner, { rows, on_duplicate: 'fill', file_name: `${tool}.csv` })
      expect(report.dry_run).toBe(false)
      expect(report.counts).toEqual({
        created: 2,
        merged: tool === 'Calendly' ? 1 : 0,
        skipped: 0,
        errors: 0,
      })
      const stored = await customersOf(owner.tenantId)
      expect(stored.map(({ name, phone }) => ({ name, phone }))).toEqual([
        { name: 'Ana Silva', phone: '+442079460958' },
        { name: 'Ben Okafor', phone: '+14155552671' },
      ])
      const [entry, ...more] = await importEntries(owner.tenantId)
      expect(more).toEqual([])
      expect(entry).toMatchObject({ entityType: 'customer', actorUid: owner.uid })
      expect(entry?.summary).toBe(
        `Imported customers from ${tool}.csv: 2 added, 0 existing updated${tool === 'Calendly' ? ', 1 row merged' : ''}`,
      )
    },
  )

  it('keeps notes, tags and marketing consent where the export has them', async () => {
    const owner = await freshOwner('Square Details Owner')
    await imported(owner, { rows: rowsOf(exportsByTool.Square ?? '') })
    expect(await customerByEmail(owner.tenantId, 'ana@square.test')).toMatchObject({
      notes: 'Likes tea',
      tags: ['VIP', 'Colour'],
      marketingConsent: true,
    })
    expect(await customerByEmail(owner.tenantId, 'ben@square.test')).toMatchObject({
      notes: '',
      tags: [],
      marketingConsent: false,
    })
  })
})

describe('POST /api/v1/customers/import: bad rows', () => {
  const badFile = csv([
    ['Name', 'Email', 'Phone', 'Marketing consent'],
    ['Good Person', 'good@example.test', '415 555 2671', 'yes'],
    ['', 'noname@example.test', '', ''],
    ['Bad Mail', 'not-an-address', '', ''],
    ['Bad Phone', '', '12345', ''],
    ['Unsure', '', '', 'maybe'],
  ])

  it('dry run names each bad row with its number and field, and writes nothing', async () => {
    const owner = await freshOwner('Bad Rows Owner')
    const report = await imported(owner, { rows: rowsOf(badFile), dry_run: true })

    expect(report.counts).toEqual({ created: 1, merged: 0, skipped: 0, errors: 4 })
    expect(
      report.rows.map((row) => [row.row, row.outcome, row.errors.map((error) => error.field)]),
    ).toEqual([
      [2, 'create', []],
      [3, 'error', ['name']],
      [4, 'error', ['email']],
      [5, 'error', ['phone']],
      [6, 'error', ['marketing_consent']],
    ])
    expect(report.rows[3]?.errors[0]?.message).toContain('“12345” is not a valid phone number')
    expect(await customersOf(owner.tenantId)).toEqual([])
  })

  it('refuses the whole import with 422 naming each row and field, unless told to leave them out', async () => {
    const owner = await freshOwner('Refused Rows Owner')
    const refused = await importAs(owner, { rows: rowsOf(badFile) })

    const problem = expectProblem(refused, 422)
    expect(problem.type).toBe('/problems/import-rows-invalid')
    expect(problem.errors?.map((error) => error.path)).toEqual([
      'body.rows.1.name',
      'body.rows.2.email',
      'body.rows.3.phone',
      'body.rows.4.marketing_consent',
    ])
    expect(problem.errors?.[2]?.message).toMatch(/^Row 5: phone /)
    expect(await customersOf(owner.tenantId)).toEqual([])
    expect(await importEntries(owner.tenantId)).toEqual([])

    const report = await imported(owner, { rows: rowsOf(badFile), skip_invalid_rows: true })
    expect(report.counts).toEqual({ created: 1, merged: 0, skipped: 0, errors: 4 })
    expect((await customersOf(owner.tenantId)).map((row) => row.name)).toEqual(['Good Person'])
    const [entry] = await importEntries(owner.tenantId)
    expect(entry?.summary).toBe(
      'Imported customers: 1 added, 0 existing updated, 4 rows with errors left out',
    )
  })

  it('reads numbers without a country code in the region asked for', async () => {
    const owner = await freshOwner('Region Owner')
    const rows = rowsOf(
      csv([
        ['Name', 'Phone'],
        ['Lena Vogel', '030 1234567'],
      ]),
    )

    const inGermany = await imported(owner, { rows, dry_run: true, default_region: 'DE' })
    expect(inGermany.rows[0]).toMatchObject({ outcome: 'create', phone: '+49301234567' })
    const unknown = await importAs(owner, { rows, dry_run: true, default_region: 'ZZ' })
    expect(expectProblem(unknown, 400).errors?.map((error) => error.path)).toEqual([
      'body.default_region',
    ])
  })
})

describe('POST /api/v1/customers/import: duplicates', () => {
  // Matches the existing customer by e-mail in another letter case, then by a phone typed by
  // hand as "(202) 555-0143"; two rows of the file are the same new person.
  const file = csv([
    ['Name', 'Email', 'Phone', 'Notes', 'Tags'],
    ['Maria Lopez-Garcia', 'MARIA@example.test', '', 'Allergic to latex', 'vip'],
    ['M. Lopez', '', '+1 202 555 0143', '', 'colour'],
    ['Tom Ng', 'tom@example.test', '', '', ''],
    ['Thomas Ng', 'Tom@Example.test', '415 555 2671', 'Second note', ''],
  ])

  async function withMaria(label: string) {
    const owner = await freshOwner(label)
    const response = await as(owner)('POST', '/api/v1/customers', {
      name: 'Maria Lopez',
      email: 'maria@example.test',
      phone: '(202) 555-0143',
      tags: ['regular'],
    })
    expect(response.statusCode, response.body).toBe(201)
    return { owner, maria: response.json<{ id: string }>() }
  }

  it('skips rows matching a customer or an earlier row, saying which and how', async () => {
    const { owner, maria } = await withMaria('Skip Owner')
    const report = await imported(owner, { rows: rowsOf(file), on_duplicate: 'skip' })

    expect(report.rows.map((row) => [row.row, row.outcome, row.matched])).toEqual([
      [2, 'skip', { by: 'email', customer_id: maria.id, customer_name: 'Maria Lopez', row: null }],
      [3, 'skip', { by: 'phone', customer_id: maria.id, customer_name: 'Maria Lopez', row: null }],
      [4, 'create', undefined],
      [5, 'skip', { by: 'email', customer_id: null, customer_name: 'Tom Ng', row: 4 }],
    ])
    const stored = await customersOf(owner.tenantId)
    expect(stored.map((row) => row.name)).toEqual(['Maria Lopez', 'Tom Ng'])
    expect(stored[0]).toMatchObject({ notes: '', tags: ['regular'], phone: '(202) 555-0143' })
  })

  it('fill: fills only empty fields and adds tags', async () => {
    const { owner } = await withMaria('Fill Owner')
    const report = await imported(owner, { rows: rowsOf(file), on_duplicate: 'fill' })

    expect(report.counts).toEqual({ created: 1, merged: 3, skipped: 0, errors: 0 })
    expect(report.rows[0]?.changed_fields).toEqual(['notes', 'tags'])
    expect(await customerByEmail(owner.tenantId, 'maria@example.test')).toMatchObject({
      name: 'Maria Lopez',
      phone: '(202) 555-0143',
      notes: 'Allergic to latex',
      tags: ['regular', 'vip', 'colour'],
    })
    expect(await customerByEmail(owner.tenantId, 'tom@example.test')).toMatchObject({
      name: 'Tom Ng',
      phone: '+14155552671',
      notes: 'Second note',
    })
    const [entry] = await importEntries(owner.tenantId)
    expect(entry?.summary).toBe('Imported customers: 1 added, 1 existing updated, 3 rows merged')
  })

  it('update: the file’s non-empty values replace the customer’s', async () => {
    const { owner } = await withMaria('Update Owner')
    await imported(owner, { rows: rowsOf(file), on_duplicate: 'update' })

    expect(await customerByEmail(owner.tenantId, 'maria@example.test')).toMatchObject({
      name: 'M. Lopez',
      // The same address in other letters is no change.
      email: 'maria@example.test',
      phone: '+12025550143',
      notes: 'Allergic to latex',
    })
    expect(await customerByEmail(owner.tenantId, 'tom@example.test')).toMatchObject({
      name: 'Thomas Ng',
      email: 'tom@example.test',
      phone: '+14155552671',
    })
  })

  it('never matches, reads or changes another business’s customers', async () => {
    const owner = await freshOwner('Tenant Owner')
    const strangers = await as(world.stranger)('POST', '/api/v1/customers', {
      name: 'Stranger’s Client',
      email: 'shared@example.test',
      phone: '+1 415 555 2671',
    })
    expect(strangers.statusCode).toBe(201)
    const before = await customersOf(world.stranger.tenantId)
    const rows = rowsOf(
      csv([
        ['Name', 'Email', 'Phone'],
        ['Shared Person', 'SHARED@example.test', ''],
        ['Phone Person', '', '(415) 555-2671'],
      ]),
    )

    const dryRun = await imported(owner, { rows, dry_run: true, on_duplicate: 'update' })
    expect(dryRun.rows.map((row) => [row.outcome, row.matched?.customer_name])).toEqual([
      ['create', undefined],
      ['create', undefined],
    ])
    await imported(owner, { rows, on_duplicate: 'update' })
    expect((await customersOf(owner.tenantId)).map((row) => row.name)).toEqual([
      'Phone Person',
      'Shared Person',
    ])
    expect(await customersOf(world.stranger.tenantId)).toEqual(before)
    expect(await importEntries(world.stranger.tenantId)).toEqual([])
  })
})

describe('POST /api/v1/customers/import: all or nothing', () => {
  it('writes nothing when the database refuses a customer halfway, and says so with 409', async () => {
    const owner = await freshOwner('Halfway Owner')
    const existing = await as(owner)('POST', '/api/v1/customers', {
      name: 'Old Name',
      email: 'old@example.test',
    })
    expect(existing.statusCode).toBe(201)
    // 3,000 new customers: the 2,501st is in the second insert statement, after the first
    // statement and the merge were written; a unique violation there is an import raced.
    const rows: ImportRow[] = Array.from({ length: 3000 }, (_, index) => ({
      row: index + 2,
      name: index === 2500 ? 'Refused By Trigger' : `Person ${index}`,
      email: `person${index}@example.test`,
    }))
    rows.push({ row: 3002, name: 'New Name', email: 'old@example.test' })
    const { db } = world.testApp.database
    await db.execute(sql`
      create function refuse_one_import() returns trigger language plpgsql as $$
      begin
        if new.name = 'Refused By Trigger' then
          raise unique_violation using message = 'taken meanwhile';
        end if;
        return new;
      end $$`)
    await db.execute(sql`create trigger refuse_one_import before insert on customers
      for each row execute function refuse_one_import()`)
    try {
      const response = await importAs(owner, { rows, on_duplicate: 'update' })
      expect(expectProblem(response, 409).detail).toMatch(/nothing was imported/)
    } finally {
      await db.execute(sql`drop trigger refuse_one_import on customers`)
      await db.execute(sql`drop function refuse_one_import()`)
    }
    const stored = await customersOf(owner.tenantId)
    expect(stored.map((row) => row.name)).toEqual(['Old Name'])
    expect(await importEntries(owner.tenantId)).toEqual([])
  })
})

describe('POST /api/v1/customers/import: who and how much', () => {
  it('is for owners and admins: staff get 403', async () => {
    const rows = rowsOf(exportsByTool['plain list'] ?? '')
    expectProblem(await importAs(world.staff, { rows, dry_run: true }), 403)
    expect((await importAs(world.admin, { rows, dry_run: true })).statusCode).toBe(200)
  })

  it('names the row and field of a cell over the limit, and refuses more than 20,000 rows', async () => {
    const longName = await importAs(world.owner, {
      rows: [
        { row: 2, name: 'Fine' },
        { row: 3, name: 'x'.repeat(1001) },
      ],
      dry_run: true,
    })
    expect(expectProblem(longName, 400).errors?.map((error) => error.path)).toEqual([
      'body.rows.1.name',
    ])
    const tooMany = await importAs(world.owner, {
      rows: Array.from({ length: 20_001 }, (_, index) => ({ row: index + 2, name: 'A' })),
      dry_run: true,
    })
    expect(expectProblem(tooMany, 400).errors?.map((error) => error.path)).toEqual(['body.rows'])
  })

  it('takes a body past the 1 MB staff limit, and refuses one over 16 MB with 413 naming the body', async () => {
    const rows = Array.from({ length: 12_000 }, (_, index) => ({
      row: index + 2,
      name: `Person ${index}`,
      notes: 'n'.repeat(100),
    }))
    const large = await importAs(world.owner, { rows, dry_run: true })
    expect(large.statusCode, large.body.slice(0, 300)).toBe(200)

    const huge = await world.testApp.app.inject({
      method: 'POST',
      url: '/api/v1/customers/import',
      headers: {
        authorization: `Bearer ${world.owner.idToken}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({
        dry_run: true,
        on_duplicate: 'skip',
        rows: Array.from({ length: 2000 }, (_, index) => ({
          row: index + 2,
          name: 'A',
          notes: 'n'.repeat(9000),
        })),
      }),
    })
    const problem = expectProblem(huge, 413)
    expect(problem.errors).toEqual([{ path: 'body', message: 'is larger than 16 MB' }])
  })
})
