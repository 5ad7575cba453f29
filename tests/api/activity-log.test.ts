import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { activityLog, customers, tenantSettings, tenants } from '../../server/db/schema.ts'
import { encodeActivityCursor } from '../../server/domain/activity-cursor.ts'
import type { ActivityEntry, ActivityPage } from '../../server/services/activity-service.ts'
import { type BusinessUser, newOwner, setUpBusinessWithRoles } from '../support/api/team-access.ts'

const world = setUpBusinessWithRoles('Ada', 'Other Activity Owner')
const { as } = world
const unknownId = '00000000-0000-4000-8000-000000000000'

function expectFieldError(response: { statusCode: number; json: () => unknown }, path: string) {
  expect(response.statusCode).toBe(400)
  const problem = response.json() as { errors?: { path: string }[] }
  expect(problem.errors?.map((error) => error.path)).toContain(path)
}

/** Entries written straight into the log, at chosen instants, for a business of its own. */
async function businessWithEntries(
  entries: { at: string; entityType?: 'customer' | 'service'; actorUid?: string }[],
) {
  const boss = await newOwner(world.testApp, 'Log Owner')
  // Its own creation and sign-in entries are "now"; the fixtures are all in 2024.
  const rows = await world.testApp.database.db
    .insert(activityLog)
    .values(
      entries.map((entry, n) => ({
        tenantId: boss.tenantId,
        occurredAt: sql`${entry.at}::timestamptz`,
        actorUid: entry.actorUid ?? 'fixture-user',
        actorName: 'Fixture',
        entityType: entry.entityType ?? 'customer',
        entityId: `entity-${n}`,
        action: 'updated' as const,
        summary: `Fixture ${n}`,
      })),
    )
    .returning({ id: activityLog.id, summary: activityLog.summary })
  return { boss, rows }
}

async function pageOf(user: BusinessUser, query: string): Promise<ActivityPage> {
  const response = await as(user)('GET', `/api/v1/activity-log${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<ActivityPage>()
}

/** Follows next_cursor to the end and returns every summary in order. */
async function walk(user: BusinessUser, query: string, limit: number): Promise<string[]> {
  const summaries: string[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 100; pages++) {
    const page: ActivityPage = await pageOf(
      user,
      `${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
    )
    expect(page.items.length).toBeLessThanOrEqual(limit)
    summaries.push(...page.items.map((item) => item.summary))
    cursor = page.next_cursor
    if (!cursor) return summaries
  }
  throw new Error('The cursor never ended.')
}

describe('GET /api/v1/activity-log', () => {
  it("lists the business's own activity newest first, with actor and changes", async () => {
    const created = await as(world.owner)('POST', '/api/v1/customers', { name: 'Logged Lou' })
    const customerId = created.json<{ id: string }>().id

    const page = await pageOf(world.admin, '?limit=100')

    const [newest] = page.items
    expect(newest).toMatchObject({
      actor: { uid: world.owner.uid, name: 'Ada Owner', email: world.owner.email },
      entity_type: 'customer',
      entity_id: customerId,
      action: 'created',
      summary: 'Added the customer Logged Lou',
      changes: [{ field: 'name', before: null, after: 'Logged Lou' }],
    })
    const times = page.items.map((item) => item.occurred_at)
    expect(times).toEqual([...times].sort().reverse())
    expect(page.items.map((item) => item.summary)).toEqual(
      expect.arrayContaining([
        'Added the customer Logged Lou',
        expect.stringMatching(/^Created the business/),
      ]),
    )
    expect(page.items.some((item) => item.summary.includes('Other Activity Owner'))).toBe(false)
    expect(page.next_cursor).toBeNull()
  })

  it('pages with an opaque cursor, without gaps or repeats, also within one instant', async () => {
    const sameInstant = '2024-03-01T10:00:00.123456Z'
    const { boss, rows } = await businessWithEntries([
      { at: '2024-03-01T09:00:00Z' },
      { at: sameInstant },
      { at: sameInstant },
      { at: sameInstant },
      { at: '2024-03-01T10:00:00.123457Z' },
      { at: '2024-03-01T10:00:00.1234Z' },
      { at: '2024-03-02T08:00:00Z' },
    ])
    const all = await walk(boss, '?to=2024-12-31T00:00:00Z', 100)
    expect(all).toHaveLength(rows.length)

    for (const limit of [1, 2, 3]) {
      expect(await walk(boss, '?to=2024-12-31T00:00:00Z', limit)).toEqual(all)
    }
    expect(all[0]).toBe('Fixture 6')
    expect(all.slice(1, 2)).toEqual(['Fixture 4'])
    expect(all.slice(-2)).toEqual(['Fixture 5', 'Fixture 0'])
    const first = await pageOf(boss, '?limit=2')
    expect(first.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/)
  })

  it('filters by entity type, actor and a from/to range (from inclusive, to exclusive)', async () => {
    const { boss } = await businessWithEntries([
      { at: '2024-05-01T00:00:00Z', entityType: 'service', actorUid: 'ann' },
      { at: '2024-05-02T00:00:00Z', entityType: 'customer', actorUid: 'ann' },
      { at: '2024-05-03T00:00:00Z', entityType: 'customer', actorUid: 'ben' },
      { at: '2024-05-04T00:00:00Z', entityType: 'service', actorUid: 'ben' },
    ])
    const summaries = async (query: string) =>
      (await pageOf(boss, query)).items.map((item) => item.summary)

    expect(await summaries('?entity_type=service')).toEqual(['Fixture 3', 'Fixture 0'])
    expect(await summaries('?actor=ann')).toEqual(['Fixture 1', 'Fixture 0'])
    expect(await summaries('?entity_type=customer&actor=ben')).toEqual(['Fixture 2'])
    expect(await summaries('?from=2024-05-02T00:00:00Z&to=2024-05-04T00:00:00Z')).toEqual([
      'Fixture 2',
      'Fixture 1',
    ])
    expect(await summaries('?from=2024-05-03T02:00:00%2B02:00&to=2024-05-03T00:00:01Z')).toEqual([
      'Fixture 2',
    ])
    expect(await summaries('?entity_type=session')).toHaveLength(1)
    expect(await summaries('?actor=nobody')).toEqual([])
  })

  it.each([
    ['?cursor=not*base64', 'query.cursor'],
    [`?cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'query.cursor'],
    [
      `?cursor=${Buffer.from('["2024-02-30T00:00:00Z","00000000-0000-4000-8000-000000000000"]').toString('base64url')}`,
      'query.cursor',
    ],
    [
      `?cursor=${Buffer.from('["2024-01-01T00:00:00Z","not-a-uuid"]').toString('base64url')}`,
      'query.cursor',
    ],
    [`?cursor=${'A'.repeat(201)}`, 'query.cursor'],
    // A forged cursor in year 0000 reached PostgreSQL as a 500 (22008).
    [
      `?cursor=${encodeActivityCursor({ occurredAt: '0000-01-01T00:00:00Z', id: unknownId })}`,
      'query.cursor',
    ],
    ['?from=0000-01-01T00:00:00Z', 'query.from'],
    ['?to=9999-12-31T23:59:59Z', 'query.to'],
    ['?actor=a%00b', 'query.actor'],
    ['?limit=0', 'query.limit'],
    ['?limit=101', 'query.limit'],
    ['?entity_type=invoice', 'query.entity_type'],
    ['?from=yesterday', 'query.from'],
    ['?to=2024-01-01', 'query.to'],
    ['?from=2024-02-01T00:00:00Z&to=2024-01-01T00:00:00Z', 'query.to'],
  ])('refuses %s with 400 naming %s', async (query, path) => {
    expectFieldError(await as(world.owner)('GET', `/api/v1/activity-log${query}`), path)
  })

  it('accepts a cursor it made itself even for an instant with no entries', async () => {
    const cursor = encodeActivityCursor({ occurredAt: '2000-01-01T00:00:00Z', id: unknownId })
    expect(await pageOf(world.owner, `?cursor=${cursor}`)).toEqual({ items: [], next_cursor: null })
  })

  it('is for owners and admins; staff get 403', async () => {
    const response = await as(world.staff)('GET', '/api/v1/activity-log')
    expect(response.statusCode).toBe(403)
    expect(response.json().detail).toBe("You don't have permission to see the activity log.")
  })
})

describe('GET /api/v1/activity-log/{id}', () => {
  it('returns one entry with its before and after', async () => {
    const created = await as(world.owner)('POST', '/api/v1/customers', { name: 'Diff Dora' })
    const id = created.json<{ id: string }>().id
    await as(world.owner)('PATCH', `/api/v1/customers/${id}`, { name: 'Dora Diff' })
    const [listed] = (await pageOf(world.owner, '?entity_type=customer&limit=1')).items

    const response = await as(world.admin)('GET', `/api/v1/activity-log/${listed?.id}`)

    expect(response.statusCode).toBe(200)
    expect(response.json<ActivityEntry>()).toEqual(listed)
    expect(listed?.changes).toEqual([{ field: 'name', before: 'Diff Dora', after: 'Dora Diff' }])
  })

  it('answers 404 for an unknown id and for another business’s entry', async () => {
    const [theirs] = (await pageOf(world.stranger, '?limit=1')).items
    for (const id of [unknownId, theirs?.id]) {
      expect((await as(world.owner)('GET', `/api/v1/activity-log/${id}`)).statusCode).toBe(404)
    }
  })

  it('refuses an id that is not a UUID, and staff', async () => {
    expectFieldError(await as(world.owner)('GET', '/api/v1/activity-log/7'), 'path.entryId')
    const [entry] = (await pageOf(world.owner, '?limit=1')).items
    expect((await as(world.staff)('GET', `/api/v1/activity-log/${entry?.id}`)).statusCode).toBe(403)
  })
})

describe('the log cannot be rewritten', () => {
  it('has no endpoint that writes to it', async () => {
    const [entry] = (await pageOf(world.owner, '?limit=1')).items
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect((await as(world.owner)(method, '/api/v1/activity-log', {})).statusCode).toBe(405)
      expect(
        (await as(world.owner)(method, `/api/v1/activity-log/${entry?.id}`, {})).statusCode,
      ).toBe(405)
    }
    expect((await as(world.owner)('GET', `/api/v1/activity-log/${entry?.id}`)).json()).toEqual(
      entry,
    )
  })

  it('is refused by the database itself when something tries to UPDATE an entry', async () => {
    const [entry] = (await pageOf(world.owner, '?limit=1')).items
    const attempt = world.testApp.database.db
      .update(activityLog)
      .set({ summary: 'Nothing happened here' })
      .where(eq(activityLog.id, entry?.id ?? ''))
    await expect(attempt).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'activity_log entries cannot be changed' }),
    })
    const [after] = await world.testApp.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.id, entry?.id ?? ''))
    expect(after?.summary).toBe(entry?.summary)
  })
})

describe('a change and its log entry are written together or not at all', () => {
  /** Makes the next activity entries of one entity type fail, as a full disk or a bug would. */
  async function failingLog(entityType: string, work: () => Promise<void>) {
    const { db } = world.testApp.database
    await db.execute(
      sql.raw(`create function refuse_entry_for_test() returns trigger language plpgsql as $$
        begin
          if new.entity_type = '${entityType}' then raise exception 'log unavailable'; end if;
          return new;
        end $$`),
    )
    await db.execute(sql`create trigger refuse_entry_for_test before insert on activity_log
      for each row execute function refuse_entry_for_test()`)
    try {
      await work()
    } finally {
      await db.execute(sql`drop trigger refuse_entry_for_test on activity_log`)
      await db.execute(sql`drop function refuse_entry_for_test()`)
    }
  }

  it('a customer is not added when its entry cannot be written', async () => {
    await failingLog('customer', async () => {
      const response = await as(world.owner)('POST', '/api/v1/customers', { name: 'Phantom Phil' })
      expect(response.statusCode).toBe(500)
    })
    const rows = await world.testApp.database.db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, world.owner.tenantId), eq(customers.name, 'Phantom Phil')))
    expect(rows).toEqual([])
  })

  it('the booking policy is not changed when its entry cannot be written', async () => {
    const [before] = await world.testApp.database.db
      .select()
      .from(tenantSettings)
      .where(eq(tenantSettings.tenantId, world.owner.tenantId))
    await failingLog('settings', async () => {
      const response = await as(world.owner)('PUT', '/api/v1/settings/booking-policy', {
        min_notice_minutes: 5,
        booking_window_days: 5,
        slot_interval_minutes: 5,
        cancellation_cutoff_minutes: 5,
        reschedule_cutoff_minutes: 5,
        team_member_choice: 'customer_picks',
      })
      expect(response.statusCode).toBe(500)
    })
    const [after] = await world.testApp.database.db
      .select()
      .from(tenantSettings)
      .where(eq(tenantSettings.tenantId, world.owner.tenantId))
    expect(after).toEqual(before)
  })

  it('the business is not renamed when its entry cannot be written', async () => {
    const current = (await as(world.owner)('GET', '/api/v1/business-configuration')).json()
    await failingLog('business', async () => {
      const response = await as(world.owner)('PUT', '/api/v1/business-configuration', {
        ...current,
        name: 'Never Saved',
      })
      expect(response.statusCode).toBe(500)
    })
    const [row] = await world.testApp.database.db
      .select()
      .from(tenants)
      .where(eq(tenants.id, world.owner.tenantId))
    expect(row?.name).toBe(current.name)
  })
})
