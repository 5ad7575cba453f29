/*
 * The database's tables, one module per area in `schema/`, gathered here for drizzle-kit (its
 * `schema`), the database handle and the repositories.
 */

export * from './schema/appointments.ts'
export * from './schema/business.ts'
// Calendar sync's tables.
export * from './schema/calendar-sync.ts'
export * from './schema/customers.ts'
export * from './schema/money.ts'
export * from './schema/rate-limits.ts'
export * from './schema/values.ts'
