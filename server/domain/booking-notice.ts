/*
 * Minimum notice and booking window: how soon, and how far ahead, a customer may book a start
 * for themselves. The one rule behind the public availability (starts offered), the public
 * booking and move (starts accepted) and the slot engine; staff are not bound by it.
 */

import { describeMinutes } from './duration-words.ts'

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000

export interface BookingNotice {
  minNoticeMinutes: number
  /** Infinity for no limit. */
  bookingWindowDays: number
}

/** The earliest and latest start a customer may choose now, both inclusive. */
export function bookableStarts(
  notice: BookingNotice,
  now: number,
): { earliest: number; latest: number } {
  return {
    earliest: now + notice.minNoticeMinutes * MINUTE_MS,
    latest: now + notice.bookingWindowDays * DAY_MS,
  }
}

/**
 * Why a customer may not choose this start, as the field error of `body.starts_at` with its
 * kind (too soon or too far ahead, each its own problem type), or null.
 */
export function bookingNoticeRefusal(
  startsAt: number,
  notice: BookingNotice,
  now: number,
): { kind: 'too_soon' | 'too_far_ahead'; path: 'body.starts_at'; message: string } | null {
  const path = 'body.starts_at'
  const { earliest, latest } = bookableStarts(notice, now)
  if (startsAt < earliest) {
    return {
      kind: 'too_soon',
      path,
      message: `must be at least ${describeMinutes(notice.minNoticeMinutes)} from now`,
    }
  }
  if (startsAt > latest) {
    return {
      kind: 'too_far_ahead',
      path,
      message: `must be within ${notice.bookingWindowDays} days from now`,
    }
  }
  return null
}
