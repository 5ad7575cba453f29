import { conflict, notFound, Refusal } from '../../domain/refusal.ts'

/*
 * The public booking's own refusals: what a visitor is told names nobody else's appointment.
 */

/**
 * Runs a booking or move; whatever made the time unavailable meanwhile (another booking, a
 * full session, nobody free) becomes the one public answer, which names nobody.
 */
export async function publicSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (error instanceof Refusal && error.kind === 'conflict') throw slotTaken(error)
    throw error
  }
}

export function slotTaken(cause?: unknown): Refusal {
  return conflict('This time was just taken. Please choose another time.', {
    type: '/problems/slot-taken',
    cause,
  })
}

export function notChangeable(detail: string): Refusal {
  return conflict(detail, { type: '/problems/appointment-not-changeable' })
}

export function publicAppointmentNotFound(): Refusal {
  return notFound('There is no appointment here for this link.')
}
