import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  activityLog,
  appointments,
  customers,
  payments,
  services,
  teamMembers,
} from '../../server/db/schema.ts'
import type { Customer } from '../../server/services/customer-service.ts'
import { unbufferedRow } from '../support/api/appointment-rows.ts'
import { type BusinessUser, newOwner, setUpBusinessWithRoles } from '../support/api/team-access.ts'

const world = setUpBusinessWithRoles('Cora', 'Other Business Owner')
const { as } = world
const unknownId = '00000000-0000-4000-8000-000000000000'

async function create(user: BusinessUser, body: Record<string, unknown>): Promise<Customer> {
  const response = await as(user)('POST', '/api/v1/customers', body)
  expect(response.statusCode, response.body).toBe(201)
  return response.json<Customer>()
}

async function customerRow(id: string) {
  const [row] = await world.testApp.database.db.select().from(customers).where(eq(customers.id, id))
  return row
}

async function activityFor(entityId: string) {
  return world.testApp.database.db
    .select()
    .from(activityLog)
    .where(eq(activityLog.entityId, entityId))
    .orderBy(activityLog.occurredAt)
}

function expectFieldError(response: { statusCode: number; json: () => unknown }, path: string) {
  expect(response.statusCode).toBe(400)
  const problem = response.json() as { errors?: { path: string }[]; detail: string }
  expect(problem.errors?.map((error) => error.path)).toContain(path)
}

/** A business of its own per describe block keeps lists and totals predictable. */
async function freshBusiness(name: string) {
  const boss = await newOwner(world.testApp, name)
  return { boss, call: as(boss) }
}

describe('POST /api/v1/customers', () => {
  it('adds a customer and logs who added it, with every value given', async () => {
    const response = await as(world.staff)('POST', '/api/v1/customers', {
      name: '  Jane Doe ',
      email: 'jane.doe@example.com',
      phone: '+49 (30) 1234-567',
      notes: 'Prefers mornings',
      tags: ['vip', 'regular'],
      time_zone: 'Europe/Berlin',
      marketing_consent: true,
    })

    expect(response.statusCode).toBe(201)
    const customer = response.json<Customer>()
    expect(response.headers.location).toBe(`/api/v1/customers/${customer.id}`)
    expect(customer).toMatchObject({
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      phone: '+49 (30) 1234-567',
      notes: 'Prefers mornings',
      tags: ['vip', 'regular'],
      time_zone: 'Europe/Berlin',
      marketing_consent: true,
    })
    expect((await customerRow(customer.id))?.tenantId).toBe(world.owner.tenantId)
    const [entry] = await activityFor(customer.id)
    expect(entry).toMatchObject({
      tenantId: world.owner.tenantId,
      actorUid: world.staff.uid,
      entityType: 'customer',
      action: 'created',
      summary: 'Added the customer Jane Doe',
    })
    expect(entry?.changes).toContainEqual({
      field: 'email',
      before: null,
      after: 'jane.doe@example.com',
    })
    expect(entry?.changes).toContainEqual({
      field: 'tags',
      before: null,
      after: ['vip', 'regular'],
    })
  })

  it('needs only a name, and fills the rest with empty values', async () => {
    const customer = await create(world.owner, { name: 'Minimal Max' })
    expect(customer).toMatchObject({
      email: null,
      phone: null,
      notes: '',
      tags: [],
      time_zone: null,
      marketing_consent: false,
    })
  })

  it.each([
    [{}, 'body.name'],
    [{ name: '   ' }, 'body.name'],
    [{ name: 'x'.repeat(121) }, 'body.name'],
    [{ name: 'A', email: 'not-an-email' }, 'body.email'],
    [{ name: 'A', phone: 'call me' }, 'body.phone'],
    [{ name: 'A', notes: 'x'.repeat(5001) }, 'body.notes'],
    [{ name: 'A', tags: ['a', 'a'] }, 'body.tags'],
    [{ name: 'A', tags: ['  '] }, 'body.tags.0'],
    [{ name: 'A', time_zone: 'Mars/Olympus' }, 'body.time_zone'],
    [{ name: 'A', time_zone: 'europe/berlin' }, 'body.time_zone'],
    [{ name: 'A', marketing_consent: 'yes' }, 'body.marketing_consent'],
    [{ name: 'A', favourite_colour: 'red' }, 'body.favourite_colour'],
    [{ name: 'Ana\u0000' }, 'body.name'],
    [{ name: 'Ana\nLopez' }, 'body.name'],
    [{ name: 'A', email: 'ana@example.com\r\nBcc: all@example.com' }, 'body.email'],
    [{ name: 'A', notes: 'bell \u0007' }, 'body.notes'],
    [{ name: 'A', tags: ['vip\u001b[0m'] }, 'body.tags.0'],
  ])('refuses %j with 400 naming %s, and writes nothing', async (body, path) => {
    const before = await world.testApp.database.db.select().from(customers)
    const response = await as(world.owner)('POST', '/api/v1/customers', body)
    expectFieldError(response, path)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(await world.testApp.database.db.select().from(customers)).toHaveLength(before.length)
  })

  it('keeps line breaks and tabs in notes, the one multi-line field', async () => {
    const notes = 'Allergic to latex.\r\n\tPrefers mornings.'
    const customer = await create(world.owner, { name: 'Multi Line', notes })
    expect(customer.notes).toBe(notes)
  })

  it('accepts a time-zone alias a newer browser may offer (Europe/Kyiv)', async () => {
    const customer = await create(world.owner, { name: 'Olena', time_zone: 'Europe/Kyiv' })
    expect(customer.time_zone).toBe('Europe/Kyiv')
  })

  it('refuses a second customer with the same e-mail, in any letter case, pointing at the first', async () => {
    const first = await create(world.owner, { name: 'Sam First', email: 'sam@example.com' })
    const entriesBefore = await world.testApp.database.db.select().from(activityLog)

    const response = await as(world.admin)('POST', '/api/v1/customers', {
      name: 'Sam Second',
      email: 'SAM@Example.COM',
    })

    expect(response.statusCode).toBe(409)
    const problem = response.json()
    expect(problem.detail).toContain('Sam First')
    expect(problem.existing).toEqual({ id: first.id, href: `/customers/${first.id}/edit` })
    expect(problem.errors).toEqual([
      { path: 'body.email', message: 'is already used by Sam First' },
    ])
    const rows = await world.testApp.database.db
      .select()
      .from(customers)
      .where(eq(customers.tenantId, world.owner.tenantId))
    expect(rows.filter((row) => row.name === 'Sam Second')).toHaveLength(0)
    expect(await world.testApp.database.db.select().from(activityLog)).toHaveLength(
      entriesBefore.length,
    )
  })

  it('allows the same e-mail in another business', async () => {
    await create(world.owner, { name: 'Shared Mail', email: 'shared@example.com' })
    const other = await create(world.stranger, { name: 'Shared Mail', email: 'shared@example.com' })
    expect((await customerRow(other.id))?.tenantId).toBe(world.stranger.tenantId)
  })

  it('answers 409, not 500, when two requests race for one e-mail', async () => {
    const { call } = await freshBusiness('Race Owner')
    const attempts = await Promise.all(
      Array.from({ length: 5 }, (_, n) =>
        call('POST', '/api/v1/customers', { name: `Racer ${n}`, email: 'race@example.com' }),
      ),
    )
    const codes = attempts.map((response) => response.statusCode).sort()
    expect(codes).toEqual([201, 409, 409, 409, 409])
    const winner = attempts.find((response) => response.statusCode === 201)?.json<Customer>()
    for (const loser of attempts.filter((response) => response.statusCode === 409)) {
      expect(loser.json().existing?.id).toBe(winner?.id)
    }
  })
})

describe('GET /api/v1/customers', () => {
  let call: ReturnType<typeof as>
  let boss: BusinessUser
  const names = ['bob brown', 'Alice Archer', 'Carol Clark', 'alice Zimmer', 'Dan Dunn']

  beforeAll(async () => {
    ;({ boss, call } = await freshBusiness('List Owner'))
    const fixtures = [
      { name: 'bob brown', email: 'Bob@Brown.example', phone: '+1 (555) 010-2030', tags: ['vip'] },
      { name: 'Alice Archer', email: 'alice@archer.example', phone: '030 1234567', tags: [] },
      { name: 'Carol Clark', email: null, phone: null, tags: ['vip', 'late'] },
      { name: 'alice Zimmer', email: 'zed@zimmer.example', phone: null, tags: ['late'] },
      { name: 'Dan Dunn', email: 'dan_100%@dunn.example', phone: '+49 30 1234567', tags: [] },
    ]
    for (const fixture of fixtures) await create(boss, fixture)
    // Another business's customers never show up.
    await create(world.stranger, { name: 'Alice Elsewhere', email: 'alice@elsewhere.example' })
  })

  const list = async (query: string) => {
    const response = await call('GET', `/api/v1/customers${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ items: Customer[]; total: number; limit: number; offset: number }>()
  }
  const namesOf = (page: { items: Customer[] }) => page.items.map((item) => item.name)

  it('lists the business’s customers by name, whatever their letter case, with paging info', async () => {
    const page = await list('')
    expect(namesOf(page)).toEqual([
      'Alice Archer',
      'alice Zimmer',
      'bob brown',
      'Carol Clark',
      'Dan Dunn',
    ])
    expect(page).toMatchObject({ total: 5, limit: 25, offset: 0 })
  })

  it('pages with limit and offset, reporting the total of all matches', async () => {
    const page = await list('?limit=2&offset=2')
    expect(namesOf(page)).toEqual(['bob brown', 'Carol Clark'])
    expect(page).toMatchObject({ total: 5, limit: 2, offset: 2 })
    const beyond = await list('?limit=2&offset=10')
    expect(beyond).toMatchObject({ items: [], total: 5 })
    const searched = await list('?search=alice&limit=1&offset=1')
    expect(namesOf(searched)).toEqual(['alice Zimmer'])
    expect(searched.total).toBe(2)
    expect(await list('?search=alice&offset=5')).toMatchObject({ items: [], total: 2 })
  })

  it.each([
    ['-name', ['Dan Dunn', 'Carol Clark', 'bob brown', 'alice Zimmer', 'Alice Archer']],
    ['email', ['Alice Archer', 'bob brown', 'Dan Dunn', 'alice Zimmer', 'Carol Clark']],
    ['-email', ['alice Zimmer', 'Dan Dunn', 'bob brown', 'Alice Archer', 'Carol Clark']],
    ['created_at', names],
    ['-created_at', [...names].reverse()],
  ])('sorts by %s', async (sort, expected) => {
    expect(namesOf(await list(`?sort=${sort}`))).toEqual(expected)
  })

  it('breaks ties by id so pages never overlap', async () => {
    const { boss: twinsOwner, call: twinsCall } = await freshBusiness('Twins Owner')
    for (let n = 0; n < 6; n++) await create(twinsOwner, { name: 'Same Name' })
    const seen: string[] = []
    for (let offset = 0; offset < 6; offset += 2) {
      const response = await twinsCall('GET', `/api/v1/customers?limit=2&offset=${offset}`)
      seen.push(...response.json<{ items: Customer[] }>().items.map((item) => item.id))
    }
    expect(new Set(seen).size).toBe(6)
    expect(seen).toEqual([...seen].sort())
  })

  it.each(['name', '-name', 'email', '-email', 'created_at', '-created_at'])(
    'pages through sort %s without gaps or repeats, back pages included',
    async (sort) => {
      const { boss: pagesOwner, call: pagesCall } = await freshBusiness('Pages Owner')
      for (let n = 0; n < 11; n++) {
        await create(pagesOwner, {
          name: n % 3 === 0 ? 'Twin Name' : `Person ${String.fromCharCode(75 - n)}`,
          email: n % 4 === 0 ? null : `p${(n * 7) % 11}@pages.example`,
        })
      }
      const pageOf = async (limit: number, offset: number) =>
        (
          await pagesCall('GET', `/api/v1/customers?sort=${sort}&limit=${limit}&offset=${offset}`)
        ).json<{ items: Customer[]; total: number }>()
      const whole = (await pageOf(100, 0)).items.map((item) => item.id)
      expect(whole).toHaveLength(11)
      const paged: string[] = []
      for (let offset = 0; offset < 11; offset += 3) {
        const page = await pageOf(3, offset)
        expect(page.total).toBe(11)
        paged.push(...page.items.map((item) => item.id))
      }
      expect(paged).toEqual(whole)
      expect((await pageOf(5, 9)).items.map((item) => item.id)).toEqual(whole.slice(9))
    },
  )

  it.each([
    ['ALICE', ['Alice Archer', 'alice Zimmer']],
    ['archer.EXAMPLE', ['Alice Archer']],
    ['zimm', ['alice Zimmer']],
    ['555 010', ['bob brown']],
    ['(030) 123', ['Alice Archer', 'Dan Dunn']],
    ['1234567', ['Alice Archer', 'Dan Dunn']],
    ['100%', ['Dan Dunn']],
    ['%', ['Dan Dunn']],
    ['a%n', []],
    ['_', ['Dan Dunn']],
    ['nobody', []],
  ])('searches name, e-mail and phone digits for %j', async (search, expected) => {
    const page = await list(`?search=${encodeURIComponent(search)}`)
    expect(namesOf(page)).toEqual(expected)
    expect(page.total).toBe(expected.length)
  })

  it('filters by tag, combined with search and sort', async () => {
    expect(namesOf(await list('?tag=vip'))).toEqual(['bob brown', 'Carol Clark'])
    expect(namesOf(await list('?tag=late&sort=-name'))).toEqual(['Carol Clark', 'alice Zimmer'])
    expect(namesOf(await list('?tag=late&search=alice'))).toEqual(['alice Zimmer'])
    expect(namesOf(await list('?tag=VIP'))).toEqual([])
  })

  it.each([
    ['?limit=0', 'query.limit'],
    ['?limit=101', 'query.limit'],
    ['?limit=ten', 'query.limit'],
    ['?offset=-1', 'query.offset'],
    ['?sort=phone', 'query.sort'],
    [`?search=${'x'.repeat(201)}`, 'query.search'],
    [`?tag=${'x'.repeat(41)}`, 'query.tag'],
    // These reached PostgreSQL and came back as 500s (22021: it stores no NUL).
    ['?search=a%00b', 'query.search'],
    ['?tag=%00', 'query.tag'],
    ['?search=a%0Ab', 'query.search'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    expectFieldError(await call('GET', `/api/v1/customers${query}`), path)
  })
})

describe('GET /api/v1/customers/export', () => {
  let boss: BusinessUser
  let call: ReturnType<typeof as>

  beforeAll(async () => {
    ;({ boss, call } = await freshBusiness('Export Owner'))
    await create(boss, {
      name: 'Zoë "Zed" Ørsted',
      email: 'zoe@example.com',
      phone: '+45 1234 5678',
      notes: 'Line one\nline two, with a comma',
      tags: ['vip', 'late'],
      time_zone: 'Europe/Copenhagen',
      marketing_consent: true,
    })
    await create(boss, { name: '=HYPERLINK("http://evil.example","click")', notes: '@SUM(A1)' })
    await create(boss, { name: 'Plain Paul', notes: '-2+3' })
    await create(world.stranger, { name: 'Not In This Export' })
  })

  it('downloads the customers as UTF-8 CSV with a header row, named for today', async () => {
    const response = await call('GET', '/api/v1/customers/export')

    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8; header=present')
    const today = new Date().toISOString().slice(0, 10)
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="customers-${today}.csv"`,
    )
    const raw = response.rawPayload
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = raw.subarray(3).toString('utf8')
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'id,name,email,phone,tags,time_zone,marketing_consent,notes,created_at,updated_at',
    )
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text).not.toContain('Not In This Export')
    expect(text).toContain(
      '"Zoë ""Zed"" Ørsted",zoe@example.com,\'+45 1234 5678,"vip, late",Europe/Copenhagen,true,"Line one\nline two, with a comma"',
    )
  })

  it('defuses cells a spreadsheet would run as formulas', async () => {
    const text = (await call('GET', '/api/v1/customers/export')).body
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`)
    expect(text).toContain(",'@SUM(A1),")
    expect(text).toContain(",'-2+3,")
    expect(text).not.toMatch(/(^|,)=HYPERLINK/m)
  })

  it('uses the list’s filter and sort', async () => {
    const namesIn = async (query: string) =>
      (await call('GET', `/api/v1/customers/export${query}`)).body
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[1])
    expect(await namesIn('?sort=-name')).toEqual([
      '"Zoë ""Zed"" Ørsted"',
      'Plain Paul',
      `"'=HYPERLINK(""http://evil.example""`,
    ])
    expect(await namesIn('?search=PAUL')).toEqual(['Plain Paul'])
    expect(await namesIn('?tag=vip')).toEqual(['"Zoë ""Zed"" Ørsted"'])
  })

  it('exports 10,000 customers', async () => {
    const { boss: bigBoss, call: bigCall } = await freshBusiness('Big Owner')
    const rows = Array.from({ length: 10_000 }, (_, n) => ({
      tenantId: bigBoss.tenantId,
      name: `Customer ${String(n).padStart(5, '0')}`,
      email: `c${n}@big.example`,
    }))
    for (let start = 0; start < rows.length; start += 1000) {
      await world.testApp.database.db.insert(customers).values(rows.slice(start, start + 1000))
    }

    const response = await bigCall('GET', '/api/v1/customers/export')

    expect(response.statusCode).toBe(200)
    const lines = response.body.split('\r\n')
    expect(lines).toHaveLength(10_002)
    expect(lines[1]).toContain('Customer 00000')
    expect(lines[10_000]).toContain('Customer 09999')
  })

  it('refuses a bad sort with 400 naming it', async () => {
    expectFieldError(await call('GET', '/api/v1/customers/export?sort=age'), 'query.sort')
  })
})

describe('GET /api/v1/customers/{id}', () => {
  it('returns one customer', async () => {
    const created = await create(world.owner, { name: 'Gina Get', email: 'gina@example.com' })
    const response = await as(world.staff)('GET', `/api/v1/customers/${created.id}`)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual(created)
  })

  it('answers 404 for an unknown id and for another business’s customer', async () => {
    const theirs = await create(world.stranger, { name: 'Private Pete' })
    for (const id of [unknownId, theirs.id]) {
      const response = await as(world.owner)('GET', `/api/v1/customers/${id}`)
      expect(response.statusCode).toBe(404)
      expect(response.json().detail).toBe('There is no customer with this id.')
    }
  })

  it('refuses an id that is not a UUID with 400 naming it', async () => {
    expectFieldError(await as(world.owner)('GET', '/api/v1/customers/42'), 'path.customerId')
  })
})

describe('PATCH /api/v1/customers/{id}', () => {
  it('changes the given fields only and logs their before and after', async () => {
    const created = await create(world.owner, {
      name: 'Pat Patch',
      email: 'pat@example.com',
      phone: '555 0100',
      tags: ['new'],
    })

    const response = await as(world.staff)('PATCH', `/api/v1/customers/${created.id}`, {
      phone: '555 0199',
      tags: ['new', 'regular'],
    })

    expect(response.statusCode).toBe(200)
    const updated = response.json<Customer>()
    expect(updated).toMatchObject({
      name: 'Pat Patch',
      email: 'pat@example.com',
      phone: '555 0199',
      tags: ['new', 'regular'],
    })
    expect(updated.updated_at > created.updated_at).toBe(true)
    const entries = await activityFor(created.id)
    expect(entries.at(-1)).toMatchObject({
      actorUid: world.staff.uid,
      entityType: 'customer',
      action: 'updated',
      summary: 'Changed phone and tags of the customer Pat Patch',
      changes: [
        { field: 'phone', before: '555 0100', after: '555 0199' },
        { field: 'tags', before: ['new'], after: ['new', 'regular'] },
      ],
    })
  })

  it('names a rename in the summary', async () => {
    const created = await create(world.owner, { name: 'Old Name' })
    await as(world.owner)('PATCH', `/api/v1/customers/${created.id}`, { name: 'New Name' })
    expect((await activityFor(created.id)).at(-1)?.summary).toBe(
      'Renamed the customer Old Name to New Name',
    )
  })

  it('logs nothing and keeps updated_at when nothing changes', async () => {
    const created = await create(world.owner, { name: 'Steady Eddie', email: 'eddie@example.com' })
    const response = await as(world.owner)('PATCH', `/api/v1/customers/${created.id}`, {
      name: 'Steady Eddie',
      email: 'eddie@example.com',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<Customer>().updated_at).toBe(created.updated_at)
    expect(await activityFor(created.id)).toHaveLength(1)
  })

  it('lets a customer keep their own e-mail in another letter case', async () => {
    const created = await create(world.owner, { name: 'Case Carl', email: 'carl@example.com' })
    const response = await as(world.owner)('PATCH', `/api/v1/customers/${created.id}`, {
      email: 'Carl@Example.com',
    })
    expect(response.statusCode).toBe(200)
    expect(response.json<Customer>().email).toBe('Carl@Example.com')
  })

  it('refuses an e-mail another customer has, pointing at them, and changes nothing', async () => {
    const holder = await create(world.owner, { name: 'Holder Hana', email: 'hana@example.com' })
    const other = await create(world.owner, { name: 'Other Otto', email: 'otto@example.com' })

    const response = await as(world.owner)('PATCH', `/api/v1/customers/${other.id}`, {
      email: 'HANA@example.com',
      name: 'Otto Renamed',
    })

    expect(response.statusCode).toBe(409)
    expect(response.json().existing).toEqual({
      id: holder.id,
      href: `/customers/${holder.id}/edit`,
    })
    expect(await customerRow(other.id)).toMatchObject({
      name: 'Other Otto',
      email: 'otto@example.com',
    })
  })

  it.each([
    [{}, 'body'],
    [{ name: '' }, 'body.name'],
    [{ name: '  ' }, 'body.name'],
    [{ email: 'nope' }, 'body.email'],
    [{ time_zone: 'Atlantis/Capital' }, 'body.time_zone'],
    [{ tags: [{ label: 'vip' }] }, 'body.tags.0'],
    [{ id: unknownId }, 'body.id'],
  ])('refuses %j with 400 naming %s', async (body, path) => {
    const created = await create(world.owner, { name: 'Valid Vera' })
    expectFieldError(await as(world.owner)('PATCH', `/api/v1/customers/${created.id}`, body), path)
    expect((await customerRow(created.id))?.name).toBe('Valid Vera')
  })

  it('clears optional values with null', async () => {
    const created = await create(world.owner, {
      name: 'Nullable Nora',
      email: 'nora@example.com',
      time_zone: 'UTC',
    })
    const response = await as(world.owner)('PATCH', `/api/v1/customers/${created.id}`, {
      email: null,
      time_zone: null,
    })
    expect(response.json<Customer>()).toMatchObject({ email: null, time_zone: null })
  })

  it('answers 404 for an unknown id, and for another business’s customer without changing it', async () => {
    const theirs = await create(world.stranger, { name: 'Their Theo' })
    for (const id of [unknownId, theirs.id]) {
      const response = await as(world.owner)('PATCH', `/api/v1/customers/${id}`, {
        name: 'Hijacked',
      })
      expect(response.statusCode).toBe(404)
    }
    expect((await customerRow(theirs.id))?.name).toBe('Their Theo')
    expect(await activityFor(theirs.id)).toHaveLength(1)
  })
})

describe('DELETE /api/v1/customers/{id}', () => {
  async function serviceAndMemberOf(user: BusinessUser) {
    const [service] = await world.testApp.database.db
      .insert(services)
      .values({
        tenantId: user.tenantId,
        name: 'Haircut',
        durationMinutes: 30,
        priceMinor: 2500,
        currency: 'USD',
      })
      .returning()
    const [member] = await world.testApp.database.db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.tenantId, user.tenantId))
      .limit(1)
    if (!service || !member) throw new Error('fixtures missing')
    return { service, member }
  }

  async function book(
    user: BusinessUser,
    customerId: string,
    startsAt: Date,
    status: 'confirmed' | 'cancelled' | 'completed' = 'confirmed',
  ) {
    const { service, member } = await serviceAndMemberOf(user)
    await world.testApp.database.db.insert(appointments).values(
      unbufferedRow({
        tenantId: user.tenantId,
        serviceId: service.id,
        teamMemberId: member.id,
        customerId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status,
        priceMinor: 2500,
        currency: 'USD',
        source: 'staff',
      }),
    )
  }

  const day = 24 * 60 * 60_000

  it('deletes a customer (owner) and logs what they were', async () => {
    const created = await create(world.owner, { name: 'Gone Gary', email: 'gary@example.com' })
    const response = await as(world.owner)('DELETE', `/api/v1/customers/${created.id}`)
    expect(response.statusCode).toBe(204)
    expect(response.body).toBe('')
    expect(await customerRow(created.id)).toBeUndefined()
    expect((await activityFor(created.id)).at(-1)).toMatchObject({
      actorUid: world.owner.uid,
      action: 'deleted',
      summary: 'Deleted the customer Gone Gary',
      changes: [
        { field: 'name', before: 'Gone Gary', after: null },
        { field: 'email', before: 'gary@example.com', after: null },
      ],
    })
  })

  it('lets an admin delete, but not staff', async () => {
    const created = await create(world.owner, { name: 'Kept Kim' })
    const refused = await as(world.staff)('DELETE', `/api/v1/customers/${created.id}`)
    expect(refused.statusCode).toBe(403)
    expect(await customerRow(created.id)).toBeDefined()
    expect((await as(world.admin)('DELETE', `/api/v1/customers/${created.id}`)).statusCode).toBe(
      204,
    )
  })

  it('refuses while the customer has upcoming appointments, and keeps them', async () => {
    const created = await create(world.owner, { name: 'Booked Bea' })
    await book(world.owner, created.id, new Date(Date.now() + 2 * day))

    const response = await as(world.owner)('DELETE', `/api/v1/customers/${created.id}`)

    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(
      'Booked Bea has 1 upcoming appointment; cancel it before deleting the customer.',
    )
    expect(await customerRow(created.id)).toBeDefined()
    expect(await activityFor(created.id)).toHaveLength(1)
  })

  it('deletes a customer whose appointments are past or cancelled, erasing that history', async () => {
    const created = await create(world.owner, { name: 'History Hal' })
    await book(world.owner, created.id, new Date(Date.now() - 30 * day), 'completed')
    await book(world.owner, created.id, new Date(Date.now() + 3 * day), 'cancelled')

    const response = await as(world.owner)('DELETE', `/api/v1/customers/${created.id}`)

    expect(response.statusCode).toBe(204)
    const left = await world.testApp.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.customerId, created.id))
    expect(left).toEqual([])
    expect((await activityFor(created.id)).at(-1)?.summary).toBe(
      'Deleted the customer History Hal and 2 past appointments',
    )
  })

  it('refuses a customer with payment records, explaining they are kept, and keeps everything', async () => {
    const created = await create(world.owner, { name: 'Paid Pam' })
    await book(world.owner, created.id, new Date(Date.now() - 30 * day), 'completed')
    const [appointment] = await world.testApp.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.customerId, created.id))
    if (!appointment) throw new Error('no appointment')
    await world.testApp.database.db.insert(payments).values({
      tenantId: world.owner.tenantId,
      appointmentId: appointment.id,
      kind: 'prepayment',
      status: 'succeeded',
      amountMinor: 2500,
      currency: 'USD',
      stripeAccountId: 'acct_customers_test',
      paidAt: new Date(),
    })

    const response = await as(world.owner)('DELETE', `/api/v1/customers/${created.id}`)

    expect(response.statusCode, response.body).toBe(409)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json().type).toContain('/problems/customer-has-payments')
    expect(response.json().detail).toContain('payment records')
    expect(await customerRow(created.id)).toBeDefined()
    const left = await world.testApp.database.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointment.id))
    expect(left).toHaveLength(1)
  })

  it('answers 404 for an unknown id, and for another business’s customer without deleting it', async () => {
    const theirs = await create(world.stranger, { name: 'Safe Sara' })
    for (const id of [unknownId, theirs.id]) {
      expect((await as(world.owner)('DELETE', `/api/v1/customers/${id}`)).statusCode).toBe(404)
    }
    expect(await customerRow(theirs.id)).toBeDefined()
  })

  describe('GET /api/v1/customers/{id}/appointments', () => {
    it('is empty until the customer has appointments', async () => {
      const created = await create(world.owner, { name: 'Fresh Fay' })
      const response = await as(world.staff)('GET', `/api/v1/customers/${created.id}/appointments`)
      expect(response.statusCode).toBe(200)
      expect(response.json()).toEqual({ items: [], total: 0, limit: 25, offset: 0 })
    })

    it('lists the history newest first with service, team member and price, paginated', async () => {
      const created = await create(world.owner, { name: 'Regular Rita' })
      const starts = [-20, 5, -3].map((days) => new Date(Date.now() + days * day))
      for (const start of starts) await book(world.owner, created.id, start)

      const response = await as(world.staff)(
        'GET',
        `/api/v1/customers/${created.id}/appointments?limit=2`,
      )

      expect(response.statusCode).toBe(200)
      const page = response.json()
      expect(page.total).toBe(3)
      expect(page.items.map((item: { starts_at: string }) => item.starts_at)).toEqual([
        starts[1]?.toISOString(),
        starts[2]?.toISOString(),
      ])
      const [member] = await world.testApp.database.db
        .select()
        .from(teamMembers)
        .where(and(eq(teamMembers.tenantId, world.owner.tenantId)))
        .limit(1)
      expect(page.items[0]).toMatchObject({
        status: 'confirmed',
        service_name: 'Haircut',
        team_member_name: member?.name,
        price: { amount_minor: 2500, currency: 'USD' },
      })
      const rest = await as(world.staff)(
        'GET',
        `/api/v1/customers/${created.id}/appointments?limit=2&offset=2`,
      )
      expect(rest.json().items.map((item: { starts_at: string }) => item.starts_at)).toEqual([
        starts[0]?.toISOString(),
      ])
    })

    it('answers 404 for an unknown id and for another business’s customer', async () => {
      const theirs = await create(world.stranger, { name: 'Their Tina' })
      await book(world.stranger, theirs.id, new Date(Date.now() - day))
      for (const id of [unknownId, theirs.id]) {
        const response = await as(world.owner)('GET', `/api/v1/customers/${id}/appointments`)
        expect(response.statusCode).toBe(404)
      }
    })

    it('refuses a bad limit with 400 naming it', async () => {
      const created = await create(world.owner, { name: 'Limit Liz' })
      expectFieldError(
        await as(world.owner)('GET', `/api/v1/customers/${created.id}/appointments?limit=500`),
        'query.limit',
      )
    })
  })
})
