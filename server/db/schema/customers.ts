/* A business's customers and the notes staff keep on them. */

import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  foreignKey,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { tenants } from './business.ts'
import { createdAt, updatedAt } from './values.ts'

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone'),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    /**
     * When the customer's personal data was erased (irreversible): the record stays, named
     * "Erased customer", so their appointments and payments still count in the figures.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_tenant_id_id_unique').on(t.tenantId, t.id),
    // The list sorts by lower(name) / lower(email) and searches with lower(x) LIKE '%text%'
    // (trigram indexes) and the phone's digits; the expressions must match the repository's
    // queries exactly (PHONE_PUNCTUATION in server/domain/customer-search.ts), or the planner
    // ignores them. Measured in docs/benchmarks.md.
    index('customers_tenant_lower_name_idx').on(t.tenantId, sql`lower(${t.name})`, t.id),
    index('customers_tenant_lower_email_idx').on(t.tenantId, sql`lower(${t.email})`, t.id),
    index('customers_tenant_lower_email_desc_idx').on(
      t.tenantId,
      sql`lower(${t.email}) desc nulls last`,
      sql`${t.id} desc`,
    ),
    index('customers_tenant_created_idx').on(t.tenantId, t.createdAt),
    // One customer record per e-mail address within a business, whatever its letter case.
    uniqueIndex('customers_tenant_email_unique')
      .on(t.tenantId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
  ],
)

/**
 * The team's dated notes about a customer (the client profile's timeline), signed by the staff
 * user who wrote them. The customer's own `notes` stay the standing "about" text.
 */
export const customerNotes = pgTable(
  'customer_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    text: text('text').notNull(),
    authorUid: text('author_uid'),
    authorName: text('author_name'),
    createdAt: createdAt(),
  },
  (t) => [
    // The timeline, newest first, and its cursor.
    index('customer_notes_customer_idx').on(
      t.tenantId,
      t.customerId,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    foreignKey({
      name: 'customer_notes_customer_fk',
      columns: [t.tenantId, t.customerId],
      foreignColumns: [customers.tenantId, customers.id],
    }).onDelete('cascade'),
    check('customer_notes_text_length', sql`char_length(${t.text}) between 1 and 2000`),
  ],
)
