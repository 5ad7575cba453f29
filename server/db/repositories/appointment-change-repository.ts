import { and, eq } from 'drizzle-orm'
import type { AppointmentPlace } from '../../domain/appointment-place.ts'
import type { Db } from '../database.ts'
import { appointmentChanges, notificationOutbox, tenantSettings } from '../schema.ts'

export type AppointmentChangeRow = typeof appointmentChanges.$inferSelect

/** Staff moves and resizes kept for their undo, and the e-mails withheld with them. */
export function createAppointmentChangeRepository(db: Db) {
  return {
    /** Whether a staff move e-mails the customer when it does not say (true without settings). */
    async notifiesCustomerByDefault(tenantId: string): Promise<boolean> {
      const [row] = await db
        .select({ notify: tenantSettings.notifyCustomerOnStaffChange })
        .from(tenantSettings)
        .where(eq(tenantSettings.tenantId, tenantId))
      return row?.notify ?? true
    },

    async record(change: {
      tenantId: string
      appointmentId: string
      before: AppointmentPlace
      after: AppointmentPlace
    }): Promise<string> {
      const [row] = await db
        .insert(appointmentChanges)
        .values(change)
        .returning({ id: appointmentChanges.id })
      if (!row) throw new Error('The change was not recorded.')
      return row.id
    },

    /** The change of this appointment, locked until the transaction ends. */
    async findLocked(
      tenantId: string,
      appointmentId: string,
      changeId: string,
    ): Promise<AppointmentChangeRow | undefined> {
      const [row] = await db
        .select()
        .from(appointmentChanges)
        .where(
          and(
            eq(appointmentChanges.tenantId, tenantId),
            eq(appointmentChanges.appointmentId, appointmentId),
            eq(appointmentChanges.id, changeId),
          ),
        )
        .for('update')
      return row
    },

    async markUndone(id: string, at: Date): Promise<void> {
      await db.update(appointmentChanges).set({ undoneAt: at }).where(eq(appointmentChanges.id, id))
    },

    /**
     * Deletes the change's e-mails that no delivery has claimed yet (nothing of them went) and
     * answers to whom the rest were written: claimed or sent, so possibly read. A claim in
     * progress holds its rows locked; the delete waits for it and then sees them claimed.
     */
    async withdrawUnsentNotices(
      tenantId: string,
      changeId: string,
    ): Promise<{ toCustomer: boolean; toTeam: boolean }> {
      const ofChange = and(
        eq(notificationOutbox.tenantId, tenantId),
        eq(notificationOutbox.changeId, changeId),
      )
      await db
        .delete(notificationOutbox)
        .where(
          and(
            ofChange,
            eq(notificationOutbox.status, 'pending'),
            eq(notificationOutbox.attempts, 0),
          ),
        )
      const rows = await db
        .selectDistinct({ recipient: notificationOutbox.recipient })
        .from(notificationOutbox)
        .where(ofChange)
      const gone = new Set(rows.map((row) => row.recipient))
      return { toCustomer: gone.has('customer'), toTeam: gone.has('team_member') }
    },
  }
}
