import { conflict, notFound, Refusal } from '../../domain/refusal.ts'
import { AnotherCommitment } from '../booking/booking-rules.ts'

const SLOT_TAKEN = '/problems/slot-taken'

/*
 * The public booking's own refusals: what a visitor is told names nobody else's appointment.
 */

/**
 * Runs a booking or move; whatever made the time unavailable meanwhile (another booking, a
 * full session, nobody free) becomes the one public answer, which names nobody. A busy time
 * of the member's own calendar is the one told apart ("has another commitment"), still of
 * type slot-taken so the page offers other times, and never with what the event is.
 */
export async function publicSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof AnotherCommitment) {
      // Said so, but never what it is: the title of a member's own event is theirs.
      throw conflict(
        `${error.memberName} has another commitment then. Please choose another time.`,
        {
          type: SLOT_TAKEN,
          cause: error,
        },
      )
    }
    if (error instanceof Refusal && error.kind === 'conflict') throw slotTaken(error)
    throw error
  }
}

export function slotTaken(cause?: unknown): Refusal {
  return conflict('This time was just taken. Please choose another time.', {
    type: SLOT_TAKEN,
    cause,
  })
}

export function notChangeable(detail: string): Refusal {
  return conflict(detail, { type: '/problems/appointment-not-changeable' })
}

export function publicAppointmentNotFound(): Refusal {
  return notFound('There is no appointment here for this link.')
}
