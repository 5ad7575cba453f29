import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { tenantLogos } from '../schema.ts'

export type LogoRow = typeof tenantLogos.$inferSelect
/** A logo without its bytes: what pages and settings need to point at it. */
export type LogoSummary = Omit<LogoRow, 'bytes'>

const summaryColumns = {
  tenantId: tenantLogos.tenantId,
  contentType: tenantLogos.contentType,
  sha256: tenantLogos.sha256,
  width: tenantLogos.width,
  height: tenantLogos.height,
  updatedAt: tenantLogos.updatedAt,
}

/** A business's one logo (tenant_logos): the file's bytes live in the database. */
export function createLogoRepository(db: Db) {
  return {
    /** The logo's description without its bytes, or null for none. */
    async summary(tenantId: string): Promise<LogoSummary | null> {
      const [row] = await db
        .select(summaryColumns)
        .from(tenantLogos)
        .where(eq(tenantLogos.tenantId, tenantId))
      return row ?? null
    },

    /** The logo file, only when `sha256` names the current one. */
    async file(tenantId: string, sha256: string): Promise<LogoRow | null> {
      const [row] = await db
        .select()
        .from(tenantLogos)
        .where(and(eq(tenantLogos.tenantId, tenantId), eq(tenantLogos.sha256, sha256)))
      return row ?? null
    },

    /** The current logo, locked until the transaction ends (before/after for the log). */
    async lock(tenantId: string): Promise<LogoSummary | null> {
      const [row] = await db
        .select(summaryColumns)
        .from(tenantLogos)
        .where(eq(tenantLogos.tenantId, tenantId))
        .for('update')
      return row ?? null
    },

    async save(logo: Omit<LogoRow, 'updatedAt'>): Promise<LogoSummary> {
      const { tenantId: _, ...values } = logo
      const [row] = await db
        .insert(tenantLogos)
        .values(logo)
        .onConflictDoUpdate({
          target: tenantLogos.tenantId,
          set: { ...values, updatedAt: sql`now()` },
        })
        .returning(summaryColumns)
      if (!row) throw new Error('Saving the logo returned no row.')
      return row
    },

    async remove(tenantId: string): Promise<void> {
      await db.delete(tenantLogos).where(eq(tenantLogos.tenantId, tenantId))
    },
  }
}
