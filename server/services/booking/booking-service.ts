import type { components } from '../../../shared/contract/schema.d.ts'
import type { Database, Db } from '../../db/database.ts'
import { createAppointmentChangeRepository } from '../../db/repositories/appointment-change-repository.ts'
import { createAppointmentRepository } from '../../db/repositories/appointment-repository.ts'
import { writeBookingRecords } from '../../db/repositories/booking-records.ts'
import { queueCalendarWrite } from '../../db/repositories/calendar-write-repository.ts'
import type { AppointmentNotifier } from '../../notifications/appointment-notifier.ts'
import { createBookingCoalescer } from './booking-coalescer.ts'
import type {
  BookingMode,
  BookingRequest,
  HeldAppointment,
  HoldConfirmation,
  PublicBookingRequest,
  RescheduleRequest,
} from './booking-requests.ts'
import { clashRefusal, explainClash } from './clash.ts'
import { confirmHeld } from './hold-confirmation.ts'
import { bookAndDescribe } from './new-booking.ts'
import { rescheduleAppointment } from './reschedule.ts'
import { type UndoChangeRequest, undoAppointmentChange } from './undo-change.ts'

type Appointment = components['schemas']['Appointment']
type RescheduledAppointment = components['schemas']['UpdatedAppointment']

/**
 * How long the e-mails of a staff move or resize wait, so that its undo can withdraw them: the
 * calendar offers Undo for 10 s after the answer; 30 s leaves room for a slow answer, a slow
 * click and the undo's own request, and still tells the customer within the minute.
 */
export const UNDO_WINDOW_MS = 30_000

/*
 * The one place appointments are booked and moved, for staff (the API) and customers (public
 * booking, `source: 'public'`). Every booking, in one transaction:
 * - refers to an active service, a customer and a bookable team member who performs the
 *   service, or, without a team member, to whoever fits, chosen by fair assignment
 *   (any-available.ts); a visitor's customer is found by e-mail, or created, only after the
 *   time is secured (visitor-customer.ts), and never changed: what they typed is kept with the
 *   appointment;
 * - fits the member's working time (hours minus breaks minus time off) unless staff override
 *   it, and never overlaps another appointment's busy range (buffers of both included)
 *   (placement.ts; the rules' refusals in booking-rules.ts, a clash named in clash.ts);
 * - captures the service's price, currency, duration and buffers, so later changes to the
 *   service do not rewrite what was agreed;
 * - for a group session (capacity above 1) takes a seat (seats.ts);
 * - writes its activity-log entry and its live-update notification;
 * - queues its e-mails (through the notifier) when booked or moved through the service.
 * A booking that must be paid is first a hold (`pending_payment`, see `hold`): it takes its
 * time like any booking until `hold_expires_at`, tells nobody, and becomes a booking only
 * when `confirmHold` confirms it (hold-confirmation.ts). A hold whose time ran out takes
 * nothing: availability reads the clock, and every booking or hold of a time first turns the
 * ended holds in its way into `payment_expired` under the member's lock (the background job
 * does the rest). Bookings and moves onto one member queue on that member's schedule lock, so
 * the check before the insert sees every committed rival and gives the friendly answer; the
 * exclusion constraint `appointments_no_overlap` stays the guarantee for any writer.
 */

/**
 * Books and reschedules, each in its own transaction, with clashes refused as conflicts, and
 * tells the customer and the team member through the notifier in the same transaction.
 */
export function createBookingService(
  database: Database,
  notifier: AppointmentNotifier,
  options: {
    /**
     * Brings the member's calendar busy times up to date just before a booking or a move when
     * they are older than a threshold, within a short timeout (calendar sync, when it is on).
     */
    recheckBusyTimes?: ((tenantId: string, teamMemberId: string) => Promise<void>) | undefined
  } = {},
) {
  const coalescer = createBookingCoalescer()
  const bookAndNotify = async (tx: Db, request: BookingRequest, mode: BookingMode) => {
    const booked = await bookAndDescribe(tx, request, mode)
    // A hold tells nobody: its confirmation goes out once it is paid (confirmHold). A booking
    // just made has no payment (a paid one is a hold until confirmed). Its e-mails are written
    // with its activity entries and live update, in one statement.
    const outbox =
      mode === 'book'
        ? await notifier.bookedMessages(tx, request.tenantId, booked.appointment.id, request.now, {
            details: booked.read.details,
            paidAtBooking: null,
          })
        : []
    await writeBookingRecords(tx, { ...booked.records, outbox })
    // A hold is written into the member's calendar once it is paid (confirmAndNotify).
    if (mode === 'book') await queueCalendarWrite(tx, request.tenantId, booked.appointment.id)
    await request.alsoInTransaction?.(tx, booked.appointment, booked.read)
    return booked
  }
  /*
   * Identical bookings or holds (same member, service and start) share the coalescer, so
   * fifty visitors holding one time run one transaction that wins and one still-holds read
   * for the others; the exclusion constraint decides across processes.
   */
  const write = async (request: BookingRequest, mode: BookingMode): Promise<Appointment> => {
    // Outside the transaction: the member's lock is never held while a calendar answers.
    // "Any available" uses what is stored (re-checking every candidate would cost too much).
    if (request.teamMemberId)
      await options.recheckBusyTimes?.(request.tenantId, request.teamMemberId)
    const booked = await coalescer.run(
      request,
      () =>
        explainClash(database, () =>
          database.transaction((tx) => bookAndNotify(tx, request, mode)),
        ),
      async ({ appointment, timeZone }) => {
        const holds = await createAppointmentRepository(database.db).stillBooked(
          request.tenantId,
          {
            id: appointment.id,
            teamMemberId: appointment.team_member_id,
            serviceId: appointment.service_id,
            startsAt: new Date(appointment.starts_at),
          },
          new Date(request.now ?? Date.now()),
        )
        return holds ? clashRefusal(appointment, timeZone) : null
      },
    )
    return booked.appointment
  }
  const confirmAndNotify = async (tx: Db, input: HeldAppointment): Promise<HoldConfirmation> => {
    const confirmed = await confirmHeld(tx, input)
    if (confirmed.outcome === 'confirmed' || confirmed.outcome === 'retaken') {
      await notifier.booked(tx, input.tenantId, input.appointmentId, input.now)
      await queueCalendarWrite(tx, input.tenantId, input.appointmentId)
    }
    return confirmed
  }
  const rescheduleAndNotify = async (
    tx: Db,
    request: RescheduleRequest,
  ): Promise<RescheduledAppointment> => {
    const { appointment, moved, previousTeamMemberId, places } = await rescheduleAppointment(
      tx,
      request,
    )
    const changeId =
      request.undoable && places
        ? await createAppointmentChangeRepository(tx).record({
            tenantId: request.tenantId,
            appointmentId: appointment.id,
            ...places,
          })
        : null
    if (moved) {
      await queueCalendarWrite(tx, request.tenantId, appointment.id)
      const { undoable } = request
      await notifier.rescheduled(tx, request.tenantId, appointment.id, {
        previousTeamMemberId,
        now: request.now,
        notifyCustomer:
          undoable &&
          (undoable.notifyCustomer ??
            (await createAppointmentChangeRepository(tx).notifiesCustomerByDefault(
              request.tenantId,
            ))),
        withheld: changeId
          ? { changeId, until: new Date((request.now ?? Date.now()) + UNDO_WINDOW_MS) }
          : undefined,
      })
    }
    await request.alsoInTransaction?.(tx, appointment)
    return { ...appointment, change_id: changeId }
  }
  // Outside the transaction, like a booking's: the member who will have the appointment.
  const recheckBeforeMove = async (request: RescheduleRequest): Promise<void> => {
    const { changes } = request
    if (!options.recheckBusyTimes) return
    if (!changes.startsAt && !changes.endsAt && !changes.teamMemberId) return
    const teamMemberId =
      changes.teamMemberId ??
      (await createAppointmentRepository(database.db).find(request.tenantId, request.appointmentId))
        ?.teamMemberId
    if (teamMemberId) await options.recheckBusyTimes(request.tenantId, teamMemberId)
  }
  return {
    book: (request: BookingRequest): Promise<Appointment> => write(request, 'book'),
    /** Takes back a staff move or resize (see undo-change.ts). */
    undoChange: (request: UndoChangeRequest): Promise<Appointment> =>
      explainClash(database, () =>
        database.transaction((tx) => undoAppointmentChange(tx, request, notifier)),
      ),
    /**
     * Books the time as a hold while the customer pays: `pending_payment` until now plus the
     * business's payment hold minutes, under every rule and guarantee of `book` (the overlap
     * rule, seats of group sessions, the member's lock, the coalescer). No e-mail goes out.
     */
    hold: (request: PublicBookingRequest): Promise<Appointment> => write(request, 'hold'),
    /**
     * Confirms a hold once it is paid (the payment sync calls this; idempotent). See
     * `HoldConfirmation` for what it answers.
     */
    confirmHold: (input: {
      tenantId: string
      appointmentId: string
      now?: number
    }): Promise<HoldConfirmation> => database.transaction((tx) => confirmAndNotify(tx, input)),
    /**
     * `confirmHold` inside the caller's transaction: the payment sync marks the payment paid
     * and confirms its hold in one commit, under the payment row's lock.
     */
    confirmHoldWithin: (
      tx: Db,
      input: { tenantId: string; appointmentId: string; now?: number },
    ): Promise<HoldConfirmation> => confirmAndNotify(tx, input),
    /**
     * A staff change (`undoable`) answers the id of the change its undo takes. A new time or
     * member first re-checks that member's calendars, as a booking does.
     */
    reschedule: async (request: RescheduleRequest): Promise<RescheduledAppointment> => {
      await recheckBeforeMove(request)
      return explainClash(database, () =>
        database.transaction((tx) => rescheduleAndNotify(tx, request)),
      )
    },
  }
}

/**
 * Books an appointment inside the caller's transaction without telling anyone: the seed uses
 * this directly, since demo appointments must not send e-mails.
 */
export async function bookAppointment(tx: Db, request: BookingRequest): Promise<Appointment> {
  const booked = await bookAndDescribe(tx, request, 'book')
  await writeBookingRecords(tx, { ...booked.records, outbox: [] })
  return booked.appointment
}
