import type { components } from '../../shared/contract/schema.d.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import {
  type CustomerFilter,
  type CustomerRow,
  type CustomerSort,
  type CustomerValues,
  createCustomerRepository,
} from '../db/repositories/customer-repository.ts'
import { isConstraintConflict } from '../db/sql-state.ts'
import { changedFields } from '../domain/activity-changes.ts'
import {
  clearedFields,
  customerFields,
  customerUpdateSummary,
  filledFields,
} from '../domain/customer-changes.ts'
import { customerSearchTerms } from '../domain/customer-search.ts'
import type { Member } from '../domain/member.ts'
import {
  assertValid,
  conflict,
  type FieldError,
  notFound,
  type Refusal,
} from '../domain/refusal.ts'

export type Customer = components['schemas']['Customer']
export type CustomerInput = components['schemas']['CustomerInput']
export type CustomerPatch = components['schemas']['CustomerPatch']
export type CustomerPage = components['schemas']['CustomerPage']

export interface CustomerQuery {
  search?: string | undefined
  sort?: CustomerSort | undefined
  tag?: string | undefined
}

export interface Page {
  limit: number
  offset: number
}

/** Customers of the member's business: every query is scoped to `member.tenantId`. */
export function createCustomerService(database: Database) {
  const read = createCustomerRepository(database.db)

  /** 409 pointing at the customer who already has the e-mail, so the form can link to them. */
  function duplicateEmail(existing: { id: string; name: string }): Refusal {
    return conflict(`${existing.name} already has this e-mail address.`, {
      errors: [{ path: 'body.email', message: `is already used by ${existing.name}` }],
      existing: { id: existing.id, href: `/customers/${existing.id}/edit` },
    })
  }

  /**
   * Runs a write; a unique-index violation on the e-mail (another request saved the same
   * address between our check and our write) becomes the same 409 as the check's.
   */
  async function writing<T>(
    member: Member,
    email: string | null | undefined,
    exceptId: string | undefined,
    work: (tx: Db) => Promise<T>,
  ): Promise<T> {
    try {
      return await database.transaction(work)
    } catch (error) {
      if (email && isConstraintConflict(error)) {
        const existing = await read.findByEmail(member.tenantId, email, exceptId)
        if (existing) throw duplicateEmail(existing)
      }
      throw error
    }
  }

  return {
    async list(member: Member, query: CustomerQuery, page: Page): Promise<CustomerPage> {
      const { items, total } = await read.list(member.tenantId, filterOf(query), page)
      return { items: items.map(toCustomer), total, limit: page.limit, offset: page.offset }
    },

    /** Every customer matching the list's filter, in the list's order. */
    async listAll(member: Member, query: CustomerQuery): Promise<Customer[]> {
      return (await read.listAll(member.tenantId, filterOf(query))).map(toCustomer)
    },

    async get(member: Member, id: string): Promise<Customer> {
      return toCustomer(found(await read.findById(member.tenantId, id)))
    },

    async create(member: Member, input: CustomerInput): Promise<Customer> {
      const values = { name: input.name, ...valuesOf(input) }
      return writing(member, values.email, undefined, async (tx) => {
        const customers = createCustomerRepository(tx)
        if (values.email) {
          const existing = await customers.findByEmail(member.tenantId, values.email)
          if (existing) throw duplicateEmail(existing)
        }
        const created = toCustomer(await customers.insert(member.tenantId, values))
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: created.id,
          action: 'created',
          summary: `Added the customer ${created.name}`,
          changes: filledFields(created),
        })
        return created
      })
    },

    async update(member: Member, id: string, patch: CustomerPatch): Promise<Customer> {
      const values = valuesOf(patch)
      return writing(member, values.email, id, async (tx) => {
        const customers = createCustomerRepository(tx)
        const before = toCustomer(found(await customers.lock(member.tenantId, id)))
        // Giving an erased record personal data again would undo the erasure under its id.
        if (before.erased_at) throw customerErased()
        if (values.email && values.email.toLowerCase() !== before.email?.toLowerCase()) {
          const existing = await customers.findByEmail(member.tenantId, values.email, id)
          if (existing) throw duplicateEmail(existing)
        }
        const changes = changedFields(before, { ...before, ...apiFieldsOf(values) }, customerFields)
        // Saving an unchanged form changes nothing, not even updated_at, and logs nothing.
        if (changes.length === 0) return before
        const after = toCustomer(found(await customers.update(member.tenantId, id, values)))
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: id,
          action: 'updated',
          summary: customerUpdateSummary(after.name, changes),
          changes,
        })
        return after
      })
    },

    /**
     * Deletes the customer, with their past and cancelled appointments, unless appointments
     * still lie ahead: those must be cancelled first, so nobody turns up to a booking the
     * business no longer knows about.
     */
    async remove(member: Member, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const customers = createCustomerRepository(tx)
        const before = toCustomer(found(await customers.lock(member.tenantId, id)))
        const upcoming = await customers.countUpcomingAppointments(member.tenantId, id)
        if (upcoming > 0) {
          throw conflict(
            `${before.name} has ${upcoming} upcoming ${upcoming === 1 ? 'appointment' : 'appointments'}; cancel ${upcoming === 1 ? 'it' : 'them'} before deleting the customer.`,
          )
        }
        // Payments are the business's books (and Stripe's): they, and so the appointments and
        // customer they belong to, are kept. The customer can still be edited or anonymised.
        const paid = await customers.countPayments(member.tenantId, id)
        if (paid > 0) {
          throw conflict(
            `${before.name} has payment records (${paid}), which are kept for the business's accounts, so the customer cannot be deleted. Edit their details instead.`,
            { type: '/problems/customer-has-payments' },
          )
        }
        const erased = await customers.deleteWithHistory(member.tenantId, id)
        const history =
          erased === 0 ? '' : ` and ${erased} past ${erased === 1 ? 'appointment' : 'appointments'}`
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: id,
          action: 'deleted',
          summary: `Deleted the customer ${before.name}${history}`,
          changes: clearedFields(before),
        })
      })
    },
  }
}

function filterOf(query: CustomerQuery): CustomerFilter {
  return {
    search: customerSearchTerms(query.search),
    tag: query.tag?.trim() || undefined,
    sort: query.sort ?? 'name',
  }
}

/** 409 for a change to a customer whose personal data was erased. */
export function customerErased(): Refusal {
  return conflict(
    'This customer’s personal data was erased; the record cannot be changed. Add a new customer instead.',
    { type: '/problems/customer-erased' },
  )
}

/** An id of another business is as unknown as one that never existed. */
function found<T>(row: T | undefined): T {
  if (row === undefined) throw notFound('There is no customer with this id.')
  return row
}

const apiFieldNames: Record<keyof CustomerValues, (typeof customerFields)[number]> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  notes: 'notes',
  tags: 'tags',
  timeZone: 'time_zone',
  marketingConsent: 'marketing_consent',
}

/**
 * The columns to write, tidied (trimmed text, distinct tags) and checked where the contract's
 * schema cannot: blank names and tags, and time zones the server does not know.
 */
function valuesOf(input: CustomerPatch): Partial<CustomerValues> & { email?: string | null } {
  const errors: FieldError[] = []
  const values: Partial<CustomerValues> = {}
  if (input.name !== undefined) {
    values.name = input.name.trim()
    if (values.name === '') errors.push({ path: 'body.name', message: 'must not be blank' })
  }
  if (input.email !== undefined) values.email = input.email?.trim() || null
  if (input.phone !== undefined) values.phone = input.phone?.trim() || null
  if (input.notes !== undefined) values.notes = input.notes
  if (input.tags !== undefined) {
    const tags = input.tags.map((tag) => tag.trim())
    tags.forEach((tag, index) => {
      if (tag === '') errors.push({ path: `body.tags.${index}`, message: 'must not be blank' })
    })
    values.tags = [...new Set(tags)]
  }
  if (input.time_zone !== undefined) values.timeZone = input.time_zone
  if (input.marketing_consent !== undefined) values.marketingConsent = input.marketing_consent
  assertValid(errors)
  return values
}

function apiFieldsOf(values: Partial<CustomerValues>): Partial<Customer> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      apiFieldNames[key as keyof CustomerValues],
      value,
    ]),
  )
}

export function toCustomer(row: CustomerRow): Customer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    tags: row.tags,
    time_zone: row.timeZone,
    marketing_consent: row.marketingConsent,
    erased_at: row.erasedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
