import { parseDateTime, toZoned } from '@internationalized/date'
import type { components } from '../../../shared/contract/schema'
import { collectErrors } from '../../components/form/validation'
import type { FieldErrors } from '../../machines/entity-form.machine'

type TimeOffInput = components['schemas']['TimeOffInput']

/**
 * Time off as its form edits it: whole days (`start_date`…`end_date`) or a span of wall-clock
 * date-times (`starts_at`…`ends_at`, `YYYY-MM-DDTHH:MM` in the team member's time zone).
 * The field names are the API's, so the server's field errors land on them.
 */
export interface TimeOffValues {
  mode: 'days' | 'span'
  start_date: string | null
  end_date: string | null
  starts_at: string | null
  ends_at: string | null
  reason: string
}

export const NEW_TIME_OFF: TimeOffValues = {
  mode: 'days',
  start_date: null,
  end_date: null,
  starts_at: null,
  ends_at: null,
  reason: '',
}

export function validateTimeOff(values: TimeOffValues): FieldErrors {
  if (values.mode === 'days') {
    return collectErrors({
      start_date: (!values.start_date || !values.end_date) && 'Choose the first and last day off.',
      end_date:
        values.start_date &&
        values.end_date &&
        values.end_date < values.start_date &&
        'The last day cannot be before the first.',
    })
  }
  return collectErrors({
    starts_at: !values.starts_at && 'Choose when the time off starts.',
    ends_at: !values.ends_at
      ? 'Choose when the time off ends.'
      : values.starts_at && values.ends_at <= values.starts_at && 'End after the start.',
  })
}

/** A wall-clock date-time in `timeZone` as an RFC 3339 instant (UTC). */
export function wallClockToInstant(wallClock: string, timeZone: string): string {
  return toZoned(parseDateTime(wallClock), timeZone).toAbsoluteString()
}

/** The body of createTimeOff. */
export function timeOffInput(values: TimeOffValues, timeZone: string): TimeOffInput {
  const reason = values.reason.trim()
  if (values.mode === 'days') {
    return {
      start_date: values.start_date ?? '',
      end_date: values.end_date ?? '',
      ...(reason ? { reason } : {}),
    }
  }
  return {
    starts_at: wallClockToInstant(values.starts_at ?? '', timeZone),
    ends_at: wallClockToInstant(values.ends_at ?? '', timeZone),
    ...(reason ? { reason } : {}),
  }
}
