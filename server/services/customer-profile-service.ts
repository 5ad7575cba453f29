import type { components } from '../../shared/contract/schema.d.ts'
import { can } from '../../shared/permissions.ts'
import type { Database, Db } from '../db/database.ts'
import {
  loadLastBooked,
  loadMoneyReceived,
  loadMoneyReceivedByAppointment,
  loadVisitCounts,
  loadVisits,
  type VisitRow,
  type VisitsWhen,
} from '../db/read-models/customer-figures.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createAppointmentRepository } from '../db/repositories/appointment-repository.ts'
import {
  type CustomerNoteRow,
  createCustomerNoteRepository,
} from '../db/repositories/customer-note-repository.ts'
import { createCustomerRepository } from '../db/repositories/customer-repository.ts'
import { createSettingsRepository } from '../db/repositories/settings-repository.ts'
import { pageOf, readCursor } from '../domain/activity-cursor.ts'
import type { Member } from '../domain/member.ts'
import { assertValid, forbidden, notFound } from '../domain/refusal.ts'
import { customerErased } from './customer-service.ts'

type CustomerOverview = components['schemas']['CustomerOverview']
type AppointmentSummary = components['schemas']['AppointmentSummary']
type AppointmentSummaryPage = components['schemas']['AppointmentSummaryPage']
type CustomerNote = components['schemas']['CustomerNote']
type CustomerNotePage = components['schemas']['CustomerNotePage']
type CustomerNoteInput = components['schemas']['CustomerNoteInput']

/** How many upcoming visits the overview lists; a regular rarely has more booked. */
const UPCOMING_SHOWN = 20

/**
 * The client profile: a customer's figures, visits and the team's notes about them. Reads
 * and note writes are scoped to `member.tenantId`; another business's customer is a 404.
 */
export function createCustomerProfileService(database: Database) {
  const { db } = database

  async function customerOf(tx: Db, member: Member, customerId: string) {
    const customer = await createCustomerRepository(tx).findById(member.tenantId, customerId)
    if (!customer) throw notFound('There is no customer with this id.')
    return customer
  }

  /** Visit rows as the API lists them, each with the money received for it. */
  async function summaries(member: Member, rows: VisitRow[]): Promise<AppointmentSummary[]> {
    const received = await loadMoneyReceivedByAppointment(
      db,
      member.tenantId,
      rows.map((row) => row.id),
    )
    return rows.map((row) => {
      const paid = received.get(row.id)
      return {
        id: row.id,
        starts_at: row.startsAt.toISOString(),
        ends_at: row.endsAt.toISOString(),
        status: row.status,
        service_id: row.serviceId,
        service_name: row.serviceName,
        team_member_id: row.teamMemberId,
        team_member_name: row.teamMemberName,
        price: { amount_minor: row.priceMinor, currency: row.currency },
        paid: paid ? { amount_minor: paid.amountMinor, currency: paid.currency } : null,
      }
    })
  }

  return {
    async overview(
      member: Member,
      customerId: string,
      now = new Date(),
    ): Promise<CustomerOverview> {
      await customerOf(db, member, customerId)
      const { currency } = await createAppointmentRepository(db).policy(member.tenantId)
      const { cancellationCutoffMinutes } = await createSettingsRepository(db).get(member.tenantId)
      const counts = await loadVisitCounts(
        db,
        member.tenantId,
        customerId,
        cancellationCutoffMinutes,
      )
      const spent = await loadMoneyReceived(db, member.tenantId, customerId, currency)
      const upcoming = await loadVisits(
        db,
        member.tenantId,
        customerId,
        'upcoming',
        { limit: UPCOMING_SHOWN, offset: 0 },
        now,
      )
      const last = await loadLastBooked(db, member.tenantId, customerId, now)
      return {
        figures: {
          total_spent: { amount_minor: spent, currency },
          visits_completed: counts.completed,
          no_shows: counts.noShows,
          cancellations: counts.cancellations,
          late_cancellations: counts.lateCancellations,
          last_visit_at: counts.lastVisitAt?.toISOString() ?? null,
          cancellation_cutoff_minutes: cancellationCutoffMinutes,
        },
        upcoming: await summaries(member, upcoming.items),
        upcoming_total: upcoming.total,
        book_again: last ? { service_id: last.serviceId, team_member_id: last.teamMemberId } : null,
      }
    },

    /** One page of the customer's appointments: all, upcoming (soonest first) or past. */
    async visits(
      member: Member,
      customerId: string,
      when: VisitsWhen,
      page: { limit: number; offset: number },
    ): Promise<AppointmentSummaryPage> {
      await customerOf(db, member, customerId)
      const { items, total } = await loadVisits(
        db,
        member.tenantId,
        customerId,
        when,
        page,
        new Date(),
      )
      return {
        items: await summaries(member, items),
        total,
        limit: page.limit,
        offset: page.offset,
      }
    },

    async notes(
      member: Member,
      customerId: string,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<CustomerNotePage> {
      const { after, errors: cursorErrors } = readCursor(query.cursor)
      assertValid(cursorErrors)
      await customerOf(db, member, customerId)
      // One more than asked says whether another page follows.
      const rows = await createCustomerNoteRepository(db).list(
        member.tenantId,
        customerId,
        after,
        query.limit + 1,
      )
      return pageOf(rows, query.limit, toCustomerNote)
    },

    async addNote(
      member: Member,
      customerId: string,
      input: CustomerNoteInput,
    ): Promise<CustomerNote> {
      const text = input.text.trim()
      assertValid(text === '' ? [{ path: 'body.text', message: 'must not be blank' }] : [])
      return database.transaction(async (tx) => {
        const customer = await createCustomerRepository(tx).lock(member.tenantId, customerId)
        if (!customer) throw notFound('There is no customer with this id.')
        if (customer.erasedAt) throw customerErased()
        const note = await createCustomerNoteRepository(tx).insert({
          tenantId: member.tenantId,
          customerId,
          text,
          authorUid: member.uid,
          authorName: member.actor.name ?? member.actor.email,
        })
        // The note's words stay out of the log: it is read by every owner and admin, and an
        // erasure deletes notes but can only scrub the texts it knows from the log.
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: customerId,
          action: 'updated',
          summary: `Added a note about ${customer.name}`,
        })
        return toCustomerNote(note)
      })
    },

    /** Deletes a note: its author may, and owners and admins (who may delete customers) too. */
    async deleteNote(member: Member, customerId: string, noteId: string): Promise<void> {
      await database.transaction(async (tx) => {
        const customer = await customerOf(tx, member, customerId)
        const notes = createCustomerNoteRepository(tx)
        const note = await notes.find(member.tenantId, customerId, noteId)
        if (!note) throw notFound('There is no such note about this customer.')
        if (note.authorUid !== member.uid && !can(member.permission, 'customers.delete')) {
          throw forbidden("You don't have permission to delete other people's notes.")
        }
        await notes.remove(member.tenantId, customerId, noteId)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: customerId,
          action: 'updated',
          summary: `Deleted a note about ${customer.name}`,
        })
      })
    },
  }
}

export function toCustomerNote(row: CustomerNoteRow): CustomerNote {
  return {
    id: row.id,
    text: row.text,
    author_name: row.authorName,
    author_uid: row.authorUid,
    created_at: row.createdAt.toISOString(),
  }
}
