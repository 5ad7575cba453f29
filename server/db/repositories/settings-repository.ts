import { eq, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { tenantSettings } from '../schema.ts'

export type SettingsRow = typeof tenantSettings.$inferSelect
export type SettingsValues = Partial<
  Omit<typeof tenantSettings.$inferInsert, 'tenantId' | 'updatedAt'>
>

export function createSettingsRepository(db: Db) {
  return {
    /**
     * The business's settings. Every business gets its row when it is created; one that
     * somehow lacks it gets the defaults written now rather than an error.
     */
    async get(tenantId: string): Promise<SettingsRow> {
      const [row] = await db
        .select()
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
      if (row) return row
      const [created] = await db
        .insert(tenantSettings)
        .values({ tenantId })
        .onConflictDoUpdate({ target: tenantSettings.tenantId, set: { tenantId } })
        .returning()
      if (!created) throw new Error('Creating default settings returned no row.')
      return created
    },

    /** The current row, locked until the transaction ends so a before/after diff is exact. */
    async lock(tenantId: string): Promise<SettingsRow> {
      await db.insert(tenantSettings).values({ tenantId }).onConflictDoNothing()
      const [row] = await db
        .select()
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
        .for('update')
      if (!row) throw new Error('The settings row was not found.')
      return row
    },

    async update(tenantId: string, values: SettingsValues): Promise<SettingsRow> {
      const [row] = await db
        .update(tenantSettings)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(tenantSettings.tenantId, tenantId))
        .returning()
      if (!row) throw new Error('Updating settings returned no row.')
      return row
    },
  }
}
