import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import {
  type CustomerDataActivityRow,
  type CustomerDataAppointment,
  createCustomerDataRepository,
} from '../db/repositories/customer-data-repository.ts'
import { createCustomerNoteRepository } from '../db/repositories/customer-note-repository.ts'
import { createCustomerRepository } from '../db/repositories/customer-repository.ts'
import { describeInstant } from '../domain/business-time.ts'
import {
  ERASED_CUSTOMER_ACTOR,
  type ErasedTexts,
  personalTexts,
  personalValuesOfChanges,
  scrubActivityEntry,
  scrubText,
} from '../domain/customer-erasure.ts'
import type { Member } from '../domain/member.ts'
import { assertValid, conflict, notFound, type Refusal } from '../domain/refusal.ts'
import { toEntry } from './activity-service.ts'
import { customerActor } from './booking/visitor-customer.ts'
import { toCustomerNote } from './customer-profile-service.ts'
import { type Customer, customerErased, toCustomer } from './customer-service.ts'

export type CustomerDataExport = components['schemas']['CustomerDataExport']
export type CustomerEraseInput = components['schemas']['CustomerEraseInput']

type CustomerDataRepository = ReturnType<typeof createCustomerDataRepository>

/** The actor id of what the customer did themselves online. */
const customerActorUid = (id: string) => customerActor({ id, name: '', email: null }).uid

/**
 * A customer's rights over their data: everything stored about them in one file, and the
 * erasure of their personal data (the appointments and money stay, anonymised, for the
 * business's figures and books). Both are recorded in the activity log.
 */
export function createCustomerDataRightsService(database: Database) {
  /** Everything the export and the erasure read, in `data`'s transaction. */
  async function gather(data: CustomerDataRepository, tenantId: string, customerId: string) {
    const appointments = await data.appointments(tenantId, customerId)
    const appointmentIds = appointments.map((appointment) => appointment.id)
    const [payments, activityAboutIds] = await Promise.all([
      data.payments(tenantId, appointmentIds),
      data.activity(tenantId, customerId, customerActorUid(customerId), appointmentIds, []),
    ])
    return { appointments, appointmentIds, payments, activityAboutIds }
  }

  /** Every text the customer was known by or wrote: the record, the bookings, the log. */
  function knownTexts(
    customer: { name: string; email: string | null; phone: string | null },
    appointments: CustomerDataAppointment[],
    activity: CustomerDataActivityRow[],
  ): ErasedTexts {
    const logged = activity
      .filter((entry) => entry.entityType === 'customer' || entry.entityType === 'appointment')
      .map((entry) => personalValuesOfChanges(entry.changes))
    const identity = personalTexts([
      customer.name,
      customer.email,
      customer.phone,
      ...appointments.flatMap((a) => [a.submittedName, a.submittedEmail, a.submittedPhone]),
      ...logged.flatMap((values) => values.identity),
    ])
    const said = personalTexts([
      ...appointments.map((a) => a.cancelReason),
      ...logged.flatMap((values) => values.said),
    ]).filter((text) => !identity.includes(text))
    return { identity, said }
  }

  /** Every name the customer was known by: the record's, what they typed, the log's renames. */
  function namesOf(
    customer: { name: string },
    appointments: CustomerDataAppointment[],
    activity: CustomerDataActivityRow[],
  ): string[] {
    return personalTexts([
      customer.name,
      ...appointments.map((a) => a.submittedName),
      ...activity
        .filter((entry) => entry.entityType === 'customer')
        .flatMap((entry) => entry.changes.filter((c) => c.field === 'name'))
        .flatMap((change) => [change.before, change.after]),
    ])
  }

  /** The e-mail addresses their messages went to: the record's and what they typed. */
  function addressesOf(
    customer: { email: string | null },
    appointments: CustomerDataAppointment[],
  ) {
    const addresses = new Set<string>()
    for (const address of [customer.email, ...appointments.map((a) => a.submittedEmail)]) {
      if (address) addresses.add(address.toLowerCase())
    }
    return [...addresses]
  }

  function customerNotFound(): Refusal {
    return notFound('There is no customer with this id.')
  }

  return {
    async export(member: Member, customerId: string): Promise<CustomerDataExport> {
      return database.transaction(async (tx) => {
        const data = createCustomerDataRepository(tx)
        const customer = await data.findCustomer(member.tenantId, customerId)
        if (!customer) throw customerNotFound()
        const { appointments, appointmentIds, payments, activityAboutIds } = await gather(
          data,
          member.tenantId,
          customerId,
        )
        const names = namesOf(customer, appointments, activityAboutIds)
        const [refunds, emails, activity, business, teamNotes] = await Promise.all([
          data.refunds(
            member.tenantId,
            payments.map((payment) => payment.id),
          ),
          data.outbox(member.tenantId, appointmentIds, addressesOf(customer, appointments)),
          customer.erasedAt
            ? Promise.resolve(activityAboutIds)
            : data.activity(
                member.tenantId,
                customerId,
                customerActorUid(customerId),
                appointmentIds,
                names,
              ),
          data.business(member.tenantId),
          createCustomerNoteRepository(tx).all(member.tenantId, customerId),
        ])
        const file: CustomerDataExport = {
          format: 'slotwise.customer-data.v1',
          exported_at: new Date().toISOString(),
          business_name: business.name,
          customer: toCustomer(customer),
          team_notes: teamNotes.map(toCustomerNote),
          appointments: appointments.map((appointment) => ({
            id: appointment.id,
            starts_at: appointment.startsAt.toISOString(),
            ends_at: appointment.endsAt.toISOString(),
            status: appointment.status,
            source: appointment.source,
            service_id: appointment.serviceId,
            service_name: appointment.serviceName,
            team_member_id: appointment.teamMemberId,
            team_member_name: appointment.teamMemberName,
            price: { amount_minor: appointment.priceMinor, currency: appointment.currency },
            notes: appointment.notes,
            cancel_reason: appointment.cancelReason,
            submitted: {
              name: appointment.submittedName,
              email: appointment.submittedEmail,
              phone: appointment.submittedPhone,
              notes: appointment.submittedNotes,
              time_zone: appointment.customerTimeZone,
            },
            booking_answers: appointment.bookingAnswers,
            language: appointment.customerLanguage,
            hold_expires_at: appointment.holdExpiresAt?.toISOString() ?? null,
            checked_in_at: appointment.checkedInAt?.toISOString() ?? null,
            created_at: appointment.createdAt.toISOString(),
            updated_at: appointment.updatedAt.toISOString(),
          })),
          payments: payments.map((payment) => ({
            id: payment.id,
            appointment_id: payment.appointmentId,
            kind: payment.kind,
            status: payment.status,
            amount: { amount_minor: payment.amountMinor, currency: payment.currency },
            refunded_amount: {
              amount_minor: payment.refundedAmountMinor,
              currency: payment.currency,
            },
            method: payment.method,
            stripe_account_id: payment.stripeAccountId,
            stripe_checkout_session_id: payment.stripeCheckoutSessionId,
            stripe_payment_intent_id: payment.stripePaymentIntentId,
            stripe_customer_id: payment.stripeCustomerId,
            stripe_payment_method_id: payment.stripePaymentMethodId,
            failure_message: payment.failureMessage,
            paid_at: payment.paidAt?.toISOString() ?? null,
            created_at: payment.createdAt.toISOString(),
            updated_at: payment.updatedAt.toISOString(),
          })),
          refunds: refunds.map((refund) => ({
            id: refund.id,
            payment_id: refund.paymentId,
            amount_minor: refund.amountMinor,
            reason: refund.reason,
            cause: refund.cause,
            refunded_by: refund.actorName,
            stripe_refund_id: refund.stripeRefundId,
            created_at: refund.createdAt.toISOString(),
          })),
          emails: emails.map((email) => ({
            id: email.id,
            appointment_id: email.appointmentId,
            kind: email.kind,
            recipient: email.recipient,
            to_address: email.toAddress,
            subject: email.subject,
            body_text: email.bodyText,
            status: email.status,
            created_at: email.createdAt.toISOString(),
            sent_at: email.sentAt?.toISOString() ?? null,
          })),
          activity: activity.map(toEntry),
          access: {
            manage_links: customer.erasedAt
              ? 'Ended: the links in their e-mails open nothing since the erasure.'
              : appointments.length > 0
                ? 'Each appointment’s e-mails carry a link that lets its holder see, move or cancel it (derived from a server secret, not stored).'
                : 'None: they have no appointments.',
            customer_account: customer.email
              ? `Signing in with ${customer.email} (verified) shows their appointments on the booking page.`
              : 'None: the record has no e-mail address.',
          },
        }
        // Who exported whom, by id only: the log must not become a second copy of their data.
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: customerId,
          action: 'exported',
          summary: 'Exported everything stored about a customer',
          changes: [],
        })
        return file
      })
    },

    /**
     * Erases the customer's personal data for good. Refused while appointments lie ahead:
     * cancelling tells the customer and decides refunds, which staff must do knowingly first.
     */
    async erase(member: Member, customerId: string, input: CustomerEraseInput): Promise<Customer> {
      return database.transaction(async (tx) => {
        const data = createCustomerDataRepository(tx)
        const customer = await createCustomerRepository(tx).lock(member.tenantId, customerId)
        if (!customer) throw customerNotFound()
        if (customer.erasedAt) throw customerErased()
        const typed = input.confirm_name.trim().toLowerCase()
        assertValid(
          typed === customer.name.trim().toLowerCase()
            ? []
            : [{ path: 'body.confirm_name', message: 'must be the customer’s name as it is now' }],
        )
        const ahead = await data.appointmentsAhead(member.tenantId, customerId)
        if (ahead.length > 0) {
          const { timeZone } = await data.business(member.tenantId)
          const list = ahead
            .map((a) => `${a.serviceName} on ${describeInstant(a.startsAt.getTime(), timeZone)}`)
            .join(', ')
          throw conflict(
            `${customer.name} has ${ahead.length} upcoming ${ahead.length === 1 ? 'appointment' : 'appointments'} (${list}); cancel ${ahead.length === 1 ? 'it' : 'them'} before erasing the customer.`,
            {
              type: '/problems/customer-has-upcoming',
              errors: ahead.map((a, index) => ({
                path: `appointments.${index}`,
                message: `${a.id} ${a.startsAt.toISOString()} ${a.serviceName}`,
              })),
            },
          )
        }
        const { appointments, appointmentIds, payments, activityAboutIds } = await gather(
          data,
          member.tenantId,
          customerId,
        )
        const texts = knownTexts(customer, appointments, activityAboutIds)
        const names = namesOf(customer, appointments, activityAboutIds)
        const activity = await data.activity(
          member.tenantId,
          customerId,
          customerActorUid(customerId),
          appointmentIds,
          names,
        )
        const refunds = await data.refunds(
          member.tenantId,
          payments.map((payment) => payment.id),
        )
        const emailsDeleted = await data.deleteOutbox(
          member.tenantId,
          appointmentIds,
          addressesOf(customer, appointments),
        )
        await data.deleteIdempotencyAnswers(member.tenantId, appointmentIds)
        await createCustomerNoteRepository(tx).removeAll(member.tenantId, customerId)
        for (const refund of refunds) {
          const reason = scrubText(refund.reason, texts)
          if (reason !== refund.reason)
            await data.setRefundReason(member.tenantId, refund.id, reason)
        }
        await data.anonymisePayments(member.tenantId, appointmentIds)
        await data.anonymiseAppointments(member.tenantId, customerId)
        const erasedAt = new Date()
        await data.anonymiseCustomer(member.tenantId, customerId, erasedAt)
        await data.allowActivityScrub()
        for (const entry of activity) {
          const scrubbed = scrubActivityEntry(entry, texts)
          // Entries the customer made themselves online name them as the actor.
          const byThem = entry.actorUid === customerActorUid(customerId)
          const actor = byThem
            ? { actorName: ERASED_CUSTOMER_ACTOR, actorEmail: null }
            : { actorName: entry.actorName, actorEmail: entry.actorEmail }
          if (
            byThem ||
            scrubbed.summary !== entry.summary ||
            JSON.stringify(scrubbed.changes) !== JSON.stringify(entry.changes)
          ) {
            await data.rewriteActivity(member.tenantId, entry.id, { ...scrubbed, ...actor })
          }
        }
        // What was done, without what was erased: counts only.
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'customer',
          entityId: customerId,
          action: 'erased',
          summary: `Erased a customer’s personal data: ${appointments.length} ${appointments.length === 1 ? 'appointment' : 'appointments'} kept anonymised, ${emailsDeleted} ${emailsDeleted === 1 ? 'e-mail' : 'e-mails'} deleted`,
          changes: [],
        })
        const erased = await data.findCustomer(member.tenantId, customerId)
        if (!erased) throw new Error('The erased customer vanished.')
        return toCustomer(erased)
      })
    },
  }
}
