import type { BookingMember, ServiceRow } from '../../db/repositories/appointment-repository.ts'
import type { OverridableProblem } from '../../domain/availability/types.ts'
import { performerRefusal, serviceRefusal } from '../../domain/bookable-choice.ts'
import { bookingNoticeRefusal } from '../../domain/booking-notice.ts'
import { describeInstant } from '../../domain/business-time.ts'
import { conflict, invalidField, Refusal } from '../../domain/refusal.ts'

/*
 * The booking rules' refusals, each worded once: what a booking or a move names must be a
 * start in the future, an active service, a bookable member who performs it, a customer of the
 * business; a customer's start must respect notice and window; and a start outside working
 * time is refused unless staff override it.
 */

/** A booking or a move must start after `now`. */
export function checkInFuture(startsAt: number, now: number): void {
  if (startsAt <= now) throw invalidField('body.starts_at', 'must be in the future')
}

/** A customer named by staff must be one of the business's. */
export function unknownCustomer(): Refusal {
  return invalidField('body.customer_id', 'is not a customer of this business')
}

/** The service read for the request, if it is active; refused at `path` otherwise. */
export function checkActiveService(service: ServiceRow | undefined, path: string): ServiceRow {
  if (!service) throw invalidField(path, 'is not a service of this business')
  const refusal = serviceRefusal(service)
  if (refusal) throw invalidField(path, refusal)
  return service
}

/** The member read for the request must be a bookable one who performs the service. */
export function checkPerformerRow(
  member: BookingMember | undefined,
  service: ServiceRow,
  path: string,
): void {
  if (!member) throw invalidField(path, 'is not a team member of this business')
  const refusal = performerRefusal(member, service.name)
  if (refusal) throw invalidField(path, refusal)
}

/** Minimum notice and booking window, for a start a customer chooses: refused on starts_at. */
export function checkBookingNotice(
  startsAt: number,
  notice: { minNoticeMinutes: number; bookingWindowDays: number },
  now: number,
): void {
  const refusal = bookingNoticeRefusal(startsAt, notice, now)
  if (!refusal) return
  const { path, message } = refusal
  // Each its own type, so the booking page can say why instead of "just taken".
  throw invalidField(
    path,
    message,
    refusal.kind === 'too_soon' ? '/problems/too-soon' : '/problems/too-far-ahead',
  )
}

/**
 * A start over a busy time of the member's own calendar (issue 25). Staff may book it anyway
 * with the same override as outside working hours; a customer is told only that the member has
 * another commitment (`publicSlot`), never what it is.
 */
export class AnotherCommitment extends Refusal {
  constructor(
    readonly memberName: string,
    when: string,
  ) {
    super(
      'conflict',
      `${memberName} has another commitment at ${when} in their own calendar. Book outside working hours to allow it.`,
      {
        errors: [
          {
            path: 'body.override_working_hours',
            message: 'must be true to book over another commitment in the member’s calendar',
          },
        ],
      },
    )
    this.name = 'AnotherCommitment'
  }
}

/**
 * A start outside the member's working time (hours, breaks, time off) or over another
 * commitment: a conflict whose field error points at the override, so the staff form shows the
 * way out next to its "Book outside working hours" checkbox; API callers read the same from
 * the path.
 */
export function outsideWorkingTime(
  problem: OverridableProblem,
  memberName: string,
  startsAt: number,
  timeZone: string,
): Refusal {
  const when = `${describeInstant(startsAt, timeZone)} (${timeZone})`
  if (problem.kind === 'external_busy') return new AnotherCommitment(memberName, when)
  const why =
    problem.kind === 'time_off'
      ? `${memberName} has time off at ${when}`
      : `${when} is outside ${memberName}'s working hours`
  return conflict(`${why}. Book outside working hours to allow it.`, {
    errors: [
      {
        path: 'body.override_working_hours',
        message: 'must be true to book outside working hours, breaks or time off',
      },
    ],
  })
}
