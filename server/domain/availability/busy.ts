import type { Interval } from './intervals.ts'
import { MINUTE_MS } from './local-time.ts'
import type { BusyAppointment, ServiceTiming } from './types.ts'

/** What an appointment blocks: itself with its buffers, [start − before, end + after). */
export function bufferedRange(appointment: BusyAppointment): Interval {
  return {
    start: appointment.startsAt - appointment.bufferBeforeMinutes * MINUTE_MS,
    end: appointment.endsAt + appointment.bufferAfterMinutes * MINUTE_MS,
  }
}

/** What a new appointment of `service` starting at `startsAt` would block. */
export function bufferedSlot(service: ServiceTiming, startsAt: number): Interval {
  return {
    start: startsAt - service.bufferBeforeMinutes * MINUTE_MS,
    end: startsAt + (service.durationMinutes + service.bufferAfterMinutes) * MINUTE_MS,
  }
}
