import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { appointmentService, paymentAppointment } from '../appointment-joins.ts'
import type { Db } from '../database.ts'
import { appointments, payments, services, tenantSettings } from '../schema.ts'

/** What an appointment's e-mails say of its payment at booking. */
export interface PaidAtBooking {
  kind: 'prepayment' | 'deposit' | 'card_on_file'
  /** Paid, in minor units of `currency`; 0 for a card kept on file. */
  amountMinor: number
  currency: string
  /** What a no-show costs when the card was kept (the service's fee, as it is now). */
  noShowFeeMinor: number | null
  /** Cancelling at least this long before the start refunds the payment in full. */
  cancellationCutoffMinutes: number
}

/** The appointment's succeeded payment at booking, or null when nothing was paid. */
export async function loadPaidAtBooking(
  db: Db,
  tenantId: string,
  appointmentId: string,
): Promise<PaidAtBooking | null> {
  const [row] = await db
    .select({
      kind: payments.kind,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      noShowFeeMinor: services.noShowFeeMinor,
      cancellationCutoffMinutes: sql<number>`coalesce(${tenantSettings.cancellationCutoffMinutes}, 1440)`,
    })
    .from(payments)
    .innerJoin(appointments, paymentAppointment())
    .innerJoin(services, appointmentService())
    .leftJoin(tenantSettings, eq(tenantSettings.tenantId, payments.tenantId))
    .where(
      and(
        eq(payments.tenantId, tenantId),
        eq(payments.appointmentId, appointmentId),
        eq(payments.status, 'succeeded'),
        inArray(payments.kind, ['prepayment', 'deposit', 'card_on_file']),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1)
  if (!row || row.kind === 'no_show_fee' || row.kind === 'in_person') return null
  return {
    ...row,
    kind: row.kind,
    cancellationCutoffMinutes: Number(row.cancellationCutoffMinutes),
  }
}
