import { eq, sql } from 'drizzle-orm'
import type { Db } from '../database.ts'
import { users } from '../schema.ts'

export type User = typeof users.$inferSelect

export function createUserRepository(db: Db) {
  return {
    /**
     * Inserts or refreshes the user from their token. The conflict branch is an UPDATE, so on
     * PostgreSQL it also row-locks the user until the transaction ends: concurrent first calls
     * of one user queue here instead of each creating a business.
     */
    async upsert(user: { uid: string; email: string | null; displayName: string | null }) {
      const [row] = await db
        .insert(users)
        .values({ uid: user.uid, email: user.email, displayName: user.displayName })
        .onConflictDoUpdate({
          target: users.uid,
          set: {
            email: sql`excluded.email`,
            // A token without a name claim keeps the name we already know.
            displayName: sql`coalesce(excluded.display_name, ${users.displayName})`,
            lastSeenAt: sql`now()`,
          },
        })
        .returning()
      if (!row) throw new Error('Upserting a user returned no row.')
      return row
    },

    async find(uid: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.uid, uid))
      return row
    },
  }
}
