import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database } from '../../db/database.ts'
import {
  listPayments,
  type PaymentListFilter,
  type PaymentListRow,
} from '../../db/read-models/payment-views.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { pageOf, readCursor } from '../../domain/activity-cursor.ts'
import { csvRow, UTF8_BOM } from '../../domain/csv.ts'
import type { Member } from '../../domain/member.ts'
import { PAYMENT_CSV_HEADER, paymentCsvRow } from '../../domain/payment-csv.ts'
import type { PaymentState } from '../../domain/payment-state.ts'
import { assertValid } from '../../domain/refusal.ts'

type Payment = components['schemas']['Payment']
type PaymentPage = components['schemas']['PaymentPage']

export interface PaymentListQuery {
  from?: string | undefined
  to?: string | undefined
  state?: PaymentState | undefined
}

export interface PaymentExport {
  /** Named for the business's today, so a download's name says when it was taken. */
  fileName: string
  /** RFC 4180 CSV with a BOM (spreadsheets then read UTF-8), in chunks to stream. */
  chunks: Iterable<string>
}

// The export reads the list in pages of this many, so a big business never holds one huge
// result at once; each page is one chunk of the response.
const EXPORT_PAGE = 500

/**
 * The business's payments for its books: the list staff page through and the same filter as
 * a CSV. Read-only; who may read them is the handler's check (owners and admins).
 */
export function createPaymentListService(database: Database) {
  const filterOf = (query: PaymentListQuery, cursor?: string): PaymentListFilter => {
    const { after, errors: cursorErrors } = readCursor(cursor)
    const from = query.from === undefined ? undefined : new Date(query.from)
    const to = query.to === undefined ? undefined : new Date(query.to)
    assertValid([
      ...cursorErrors,
      ...(from && to && to < from
        ? [{ path: 'query.to', message: 'must not be before from' }]
        : []),
    ])
    return { from, to, state: query.state, after }
  }

  return {
    async list(
      member: Member,
      query: PaymentListQuery & { cursor?: string | undefined; limit: number },
    ): Promise<PaymentPage> {
      const filter = filterOf(query, query.cursor)
      // One more than asked says whether another page follows.
      const rows = await listPayments(database.db, member.tenantId, filter, query.limit + 1)
      return pageOf(rows, query.limit, toPayment)
    },

    async export(member: Member, query: PaymentListQuery): Promise<PaymentExport> {
      const filter = filterOf(query)
      const { timeZone } = await createAppointmentRepository(database.db).policy(member.tenantId)
      const chunks: string[] = [UTF8_BOM + csvRow(PAYMENT_CSV_HEADER)]
      let after = filter.after
      for (;;) {
        const rows = await listPayments(
          database.db,
          member.tenantId,
          { ...filter, after },
          EXPORT_PAGE,
        )
        if (rows.length > 0) chunks.push(rows.map((row) => paymentCsvRow(row, timeZone)).join(''))
        const last = rows.at(-1)
        if (rows.length < EXPORT_PAGE || !last) break
        after = { occurredAt: last.position, id: last.id }
      }
      const day = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date())
      return { fileName: `payments-${day}.csv`, chunks }
    },
  }
}

export type PaymentListService = ReturnType<typeof createPaymentListService>

function toPayment(row: PaymentListRow): Payment {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    appointment_id: row.appointmentId,
    appointment_starts_at: row.appointmentStartsAt.toISOString(),
    customer_id: row.customerId,
    customer_name: row.customerName,
    service_name: row.serviceName,
    kind: row.kind,
    method: row.method,
    state: row.state,
    currency: row.currency,
    amount_minor: row.amountMinor,
    refunded_minor: row.refundedMinor,
    net_minor: row.netMinor,
  }
}
