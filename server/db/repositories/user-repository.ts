import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
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

    /**
     * Records a sign-in at `authTime` unless one as new is already recorded; true when this
     * call recorded it. The conditional update lets exactly one of concurrent requests win.
     */
    async claimSignIn(uid: string, authTime: number): Promise<boolean> {
      const claimed = await db
        .update(users)
        .set({ lastAuthTime: authTime })
        .where(
          and(eq(users.uid, uid), or(isNull(users.lastAuthTime), lt(users.lastAuthTime, authTime))),
        )
        .returning({ uid: users.uid })
      return claimed.length > 0
    },

    async find(uid: string): Promise<User | undefined> {
      const [row] = await db.select().from(users).where(eq(users.uid, uid))
      return row
    },
  }
}
