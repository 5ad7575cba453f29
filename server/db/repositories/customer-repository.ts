import { and, count, eq, ne, or, type SQL, sql } from 'drizzle-orm'
import { type CustomerSearchTerms, PHONE_PUNCTUATION } from '../../domain/customer-search.ts'
import { paymentAppointment } from '../appointment-joins.ts'
import { isBooking } from '../appointment-occupancy.ts'
import type { Db } from '../database.ts'
import { appointments, customers, payments } from '../schema.ts'

export type CustomerRow = typeof customers.$inferSelect
export type CustomerValues = Pick<
  typeof customers.$inferInsert,
  'name' | 'email' | 'phone' | 'notes' | 'tags' | 'timeZone' | 'marketingConsent'
>

export type CustomerSort = 'name' | '-name' | 'email' | '-email' | 'created_at' | '-created_at'

export interface CustomerFilter {
  search: CustomerSearchTerms | null
  tag?: string | undefined
  sort: CustomerSort
}

// Names and e-mails sort as people read them, whatever their letter case; the id breaks ties
// so pages never overlap or skip a row. Customers without an e-mail come last either way.
const sortKeys: Record<CustomerSort, { key: SQL; descending: boolean; nullsLast: boolean }> = {
  name: { key: sql`lower(${customers.name})`, descending: false, nullsLast: true },
  '-name': { key: sql`lower(${customers.name})`, descending: true, nullsLast: false },
  email: { key: sql`lower(${customers.email})`, descending: false, nullsLast: true },
  '-email': { key: sql`lower(${customers.email})`, descending: true, nullsLast: true },
  created_at: { key: sql`${customers.createdAt}`, descending: false, nullsLast: true },
  '-created_at': { key: sql`${customers.createdAt}`, descending: true, nullsLast: false },
}

/**
 * The ORDER BY of a sort, or its exact mirror image (`reversed`), which an index serves by
 * reading backwards. Name and date keys are never null; their NULLS clause is the one their
 * index order implies.
 */
function orderBy(sort: CustomerSort, key: SQL | SQL.Aliased, id: unknown, reversed = false): SQL[] {
  const { descending, nullsLast } = sortKeys[sort]
  const down = descending !== reversed
  const nulls = nullsLast !== reversed ? sql`nulls last` : sql`nulls first`
  return [
    sql`${key} ${down ? sql`desc` : sql`asc`} ${nulls}`,
    sql`${id} ${down ? sql`desc` : sql`asc`}`,
  ]
}

// A literal, not a parameter, so the expression is the very one an index on it would use.
const phoneDigitsOf = sql`translate(${customers.phone}, ${sql.raw(`'${PHONE_PUNCTUATION}'`)}, '')`

/** Bookings that still lie ahead (or are under way): not cancelled, not a payment hold. */
const isUpcoming = and(sql`${appointments.endsAt} > now()`, isBooking)

export function createCustomerRepository(db: Db) {
  function matching(tenantId: string, filter: Omit<CustomerFilter, 'sort'>) {
    const conditions: (SQL | undefined)[] = [eq(customers.tenantId, tenantId)]
    const { search } = filter
    if (search) {
      conditions.push(
        or(
          // lower() … like, not ilike: the same matches, measurably cheaper on PGlite, and the
          // form a trigram index on lower(name) / lower(email) can serve.
          sql`lower(${customers.name}) like lower(${search.pattern})`,
          sql`lower(${customers.email}) like lower(${search.pattern})`,
          search.phoneDigitsPattern
            ? sql`${phoneDigitsOf} like ${search.phoneDigitsPattern}`
            : undefined,
        ),
      )
    }
    if (filter.tag !== undefined) {
      conditions.push(sql`${customers.tags} @> array[${filter.tag}]::text[]`)
    }
    return and(...conditions)
  }

  return {
    /**
     * One page of the business's customers matching the filter, and how many match in all.
     * Without a search or tag the page comes straight off the sort's index and the count
     * off the tenant's; with one, the filter (a scan) runs once: the matches' ids and sort
     * keys are collected, counted and sorted, and only the page's rows are read in full.
     */
    async list(
      tenantId: string,
      filter: CustomerFilter,
      page: { limit: number; offset: number },
    ): Promise<{ items: CustomerRow[]; total: number }> {
      const where = matching(tenantId, filter)
      const countAll = async () =>
        (await db.select({ total: count() }).from(customers).where(where))[0]?.total ?? 0
      if (!filter.search && filter.tag === undefined) {
        const read = (limit: number, offset: number, reversed: boolean) =>
          db
            .select()
            .from(customers)
            .where(where)
            .orderBy(...orderBy(filter.sort, sortKeys[filter.sort].key, customers.id, reversed))
            .limit(limit)
            .offset(offset)
        if (page.offset === 0) {
          const items = await read(page.limit, 0, false)
          // A short first page is the whole result; only otherwise is counting worth a query.
          return { items, total: items.length < page.limit ? items.length : await countAll() }
        }
        // An offset walks the index from its start, so a page in the back half is read from
        // the other end: page 400 of 400 costs what page 1 does.
        const total = await countAll()
        if (page.offset >= total) return { items: [], total }
        if (page.offset <= total / 2)
          return { items: await read(page.limit, page.offset, false), total }
        const end = Math.min(total, page.offset + page.limit)
        const items = await read(end - page.offset, total - end, true)
        return { items: items.reverse(), total }
      }
      const matched = db.$with('matched').as(
        db
          .select({ id: customers.id, sortKey: sortKeys[filter.sort].key.as('sort_key') })
          .from(customers)
          .where(where),
      )
      const pageIds = db
        .select({ id: matched.id, sortKey: matched.sortKey })
        .from(matched)
        .orderBy(...orderBy(filter.sort, sql`${matched.sortKey}`, matched.id))
        .limit(page.limit)
        .offset(page.offset)
        .as('page_ids')
      const rows = await db
        .with(matched)
        .select({ customer: customers, total: sql<number>`(select count(*) from ${matched})::int` })
        .from(pageIds)
        .innerJoin(customers, eq(customers.id, pageIds.id))
        .orderBy(...orderBy(filter.sort, sql`${pageIds.sortKey}`, pageIds.id))
      const items = rows.map((row) => row.customer)
      if (rows[0]) return { items, total: rows[0].total }
      // An empty first page means no matches; past the last page no row carries the total.
      return { items, total: page.offset === 0 ? 0 : await countAll() }
    },

    /** Every matching customer in list order, for the export. */
    listAll(tenantId: string, filter: CustomerFilter): Promise<CustomerRow[]> {
      return db
        .select()
        .from(customers)
        .where(matching(tenantId, filter))
        .orderBy(...orderBy(filter.sort, sortKeys[filter.sort].key, customers.id))
    },

    async findById(tenantId: string, id: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .limit(1)
      return row
    },

    /** The customer holding this e-mail in the business, whatever its letter case. */
    async findByEmail(
      tenantId: string,
      email: string,
      exceptId?: string,
    ): Promise<Pick<CustomerRow, 'id' | 'name'> | undefined> {
      const [row] = await db
        .select({ id: customers.id, name: customers.name })
        .from(customers)
        .where(
          and(
            eq(customers.tenantId, tenantId),
            sql`lower(${customers.email}) = lower(${email})`,
            exceptId ? ne(customers.id, exceptId) : undefined,
          ),
        )
        .limit(1)
      return row
    },

    async insert(tenantId: string, values: CustomerValues): Promise<CustomerRow> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, tenantId })
        .returning()
      if (!row) throw new Error('Inserting a customer returned no row.')
      return row
    },

    async update(
      tenantId: string,
      id: string,
      values: Partial<CustomerValues>,
    ): Promise<CustomerRow | undefined> {
      const [row] = await db
        .update(customers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .returning()
      return row
    },

    /** Locks the customer's row until the transaction ends, so a check-then-write holds. */
    async lock(tenantId: string, id: string): Promise<CustomerRow | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
        .for('update')
      return row
    },

    async countUpcomingAppointments(tenantId: string, customerId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(appointments)
        .where(
          and(
            eq(appointments.tenantId, tenantId),
            eq(appointments.customerId, customerId),
            isUpcoming,
          ),
        )
      return row?.total ?? 0
    },

    /** How many payment records (money taken, a card kept, an attempt) their appointments have. */
    async countPayments(tenantId: string, customerId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(payments)
        .innerJoin(appointments, paymentAppointment())
        .where(and(eq(payments.tenantId, tenantId), eq(appointments.customerId, customerId)))
      return row?.total ?? 0
    },

    /**
     * Deletes the customer with their past and cancelled appointments (the appointments'
     * foreign key would refuse otherwise); returns how many appointments went with them.
     */
    async deleteWithHistory(tenantId: string, id: string): Promise<number> {
      const erased = await db
        .delete(appointments)
        .where(and(eq(appointments.tenantId, tenantId), eq(appointments.customerId, id)))
        .returning({ id: appointments.id })
      await db.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, id)))
      return erased.length
    },
  }
}
