import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import * as schema from '../../../../server/db/schema.ts'
import {
  customerDataColumns,
  ERASED_CUSTOMER_NAME,
  ERASED_VALUE,
  personalTexts,
  personalValuesOfChanges,
  scrubActivityEntry,
  scrubText,
  tablesWithoutCustomerData,
} from '../../../../server/domain/customer-erasure.ts'

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table))

describe('every table and column with customer data is covered by the export and the erase', () => {
  it('places every table either among those with customer data or those without, with a reason', () => {
    const placed = new Set([
      ...Object.keys(customerDataColumns),
      ...Object.keys(tablesWithoutCustomerData),
    ])
    expect(tables.map((table) => table.name).filter((name) => !placed.has(name))).toEqual([])
    expect([...placed].filter((name) => !tables.some((table) => table.name === name))).toEqual([])
  })

  it.each(Object.entries(customerDataColumns))(
    'classifies every column of %s, and no column it lacks',
    (name, columns) => {
      const table = tables.find((candidate) => candidate.name === name)
      expect(table?.columns.map((column) => column.name).sort()).toEqual(
        Object.keys(columns).sort(),
      )
    },
  )

  it('finds no personal-looking column in a table said to hold no customer data', () => {
    // The business's own e-mail and phone, and its staff's, are not a customer's; settings
    // about e-mails are switches.
    const staffOrBusiness = new Set([
      'tenant_settings.confirmation_email',
      'tenant_settings.reminder_email',
      'tenant_settings.notify_customer_on_staff_change',
      'payment_accounts.details_submitted',
      'tenants.email',
      'tenants.phone',
      'users.email',
      'team_members.email',
      'billing_accounts.stripe_customer_id',
    ])
    const suspicious = tables
      .filter((table) => table.name in tablesWithoutCustomerData)
      .flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`))
      .filter((column) => /customer|email|phone|submitted|answer/.test(column))
      .filter((column) => !staffOrBusiness.has(column))
    expect(suspicious).toEqual([])
  })
})

describe('personalTexts', () => {
  it('keeps distinct texts of three characters or more, longest first, from strings and arrays', () => {
    expect(
      personalTexts(['Ana', ' Ana Lopez ', null, 'Jo', ['ana@example.com', 'Ana'], 42, true]),
    ).toEqual(['ana@example.com', 'Ana Lopez', 'Ana'])
  })

  it('never scrubs the erased placeholders themselves', () => {
    expect(personalTexts([ERASED_CUSTOMER_NAME, ERASED_VALUE])).toEqual([])
  })
})

describe('scrubText', () => {
  it('replaces identity with the erased name and what they said with [erased], longest first', () => {
    const erased = { identity: ['Ana', 'Ana Lopez'], said: ['Moving away'] }
    expect(scrubText('Cancelled Haircut for Ana Lopez: Moving away', erased)).toBe(
      `Cancelled Haircut for ${ERASED_CUSTOMER_NAME}: ${ERASED_VALUE}`,
    )
  })
})

describe('scrubActivityEntry', () => {
  const erased = { identity: ['Ana Lopez', 'ana@example.com'], said: ['Ill'] }

  it('keeps which fields changed but not their personal values', () => {
    const entry = {
      summary: 'Changed e-mail and notes of the customer Ana Lopez',
      changes: [
        { field: 'email', before: 'ana@example.com', after: 'a@example.org' },
        { field: 'notes', before: '', after: 'Allergic' },
        { field: 'marketing_consent', before: false, after: true },
        { field: 'price', before: 100, after: 200 },
      ],
    }
    expect(scrubActivityEntry(entry, erased)).toEqual({
      summary: `Changed e-mail and notes of the customer ${ERASED_CUSTOMER_NAME}`,
      changes: [
        { field: 'email', before: ERASED_VALUE, after: ERASED_VALUE },
        { field: 'notes', before: ERASED_VALUE, after: ERASED_VALUE },
        { field: 'marketing_consent', before: ERASED_VALUE, after: ERASED_VALUE },
        { field: 'price', before: 100, after: 200 },
      ],
    })
  })

  it('keeps the other customer of a reassignment, and nulls as nulls', () => {
    const entry = {
      summary: 'Changed the customer of Haircut from Ana Lopez to Bo Berg',
      changes: [
        { field: 'customer_name', before: 'Ana Lopez', after: 'Bo Berg' },
        { field: 'cancel_reason', before: null, after: 'Ill' },
      ],
    }
    expect(scrubActivityEntry(entry, erased)).toEqual({
      summary: `Changed the customer of Haircut from ${ERASED_CUSTOMER_NAME} to Bo Berg`,
      changes: [
        { field: 'customer_name', before: ERASED_CUSTOMER_NAME, after: 'Bo Berg' },
        { field: 'cancel_reason', before: null, after: ERASED_VALUE },
      ],
    })
  })
})

describe('personalValuesOfChanges', () => {
  it('sorts names, addresses and numbers from reasons, and leaves shared words alone', () => {
    expect(
      personalValuesOfChanges([
        { field: 'name', before: 'Ana', after: 'Ana Lopez' },
        { field: 'time_zone', before: null, after: 'Europe/Berlin' },
        { field: 'customer_name', before: 'Bo Berg', after: 'Ana Lopez' },
        { field: 'cancel_reason', before: null, after: 'Ill' },
      ]),
    ).toEqual({ identity: ['Ana', 'Ana Lopez'], said: [null, 'Ill'] })
  })
})
