/**
 * The team day view's geometry, pure: a day is minutes 0–1440 of the business's wall clock;
 * appointments and a member's hours become [start, end) minute spans, overlapping appointments
 * share a column side by side in lanes, and the shown hours run from the earliest start to the
 * latest end of what is on the day (with a margin).
 */
import { toWallClock } from './appointment-time'
import { complementIntervals, type Interval } from './intervals'

export const MINUTES_PER_DAY = 24 * 60
/** The grid's step: drags snap to it, a click books at it, the keyboard moves by it. */
export const SLOT_MINUTES = 15

/** A part of the day in minutes since midnight, [start, end). */
export type MinuteSpan = Interval

/** Minutes since the day's midnight (business wall clock) of an instant, clamped to the day. */
export function minuteOfDay(instant: string | number, date: string, timeZone: string): number {
  const wallClock = toWallClock(instant, timeZone)
  const day = wallClock.slice(0, 10)
  if (day < date) return 0
  if (day > date) return MINUTES_PER_DAY
  return Number(wallClock.slice(11, 13)) * 60 + Number(wallClock.slice(14, 16))
}

/** An instant span as minutes of `date`; null when it does not touch the day. */
export function spanOfDay(
  period: { starts_at: string; ends_at: string },
  date: string,
  timeZone: string,
): MinuteSpan | null {
  const start = minuteOfDay(period.starts_at, date, timeZone)
  const end = minuteOfDay(period.ends_at, date, timeZone)
  return end > start ? { start, end } : null
}

/** `HH:MM` of a minute of the day. */
export function clockOfMinute(minute: number): string {
  const hours = Math.floor(minute / 60)
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`
}

/** The minute down to the grid's step. */
export function snapMinute(minute: number, step: number = SLOT_MINUTES): number {
  return Math.floor(minute / step) * step
}

/** The hours a day has nothing in: an empty day still shows a working day's worth. */
const EMPTY_DAY: MinuteSpan = { start: 9 * 60, end: 17 * 60 }
const MARGIN_MINUTES = 60

/**
 * The shown part of the day: whole hours from an hour before the earliest span to an hour after
 * the latest (working periods and appointments alike, so nothing booked is off the grid).
 */
export function visibleMinutes(spans: readonly MinuteSpan[]): MinuteSpan {
  if (spans.length === 0) return EMPTY_DAY
  const earliest = Math.min(...spans.map((span) => span.start))
  const latest = Math.max(...spans.map((span) => span.end))
  return {
    start: Math.max(0, Math.floor((earliest - MARGIN_MINUTES) / 60) * 60),
    end: Math.min(MINUTES_PER_DAY, Math.ceil((latest + MARGIN_MINUTES) / 60) * 60),
  }
}

export interface LanePlacement {
  /** 0-based lane from the left. */
  lane: number
  /** How many lanes the group of overlapping items it belongs to needs. */
  lanes: number
}

/**
 * Overlapping items side by side: items are grouped while they overlap one another (directly
 * or through a chain), and each takes the leftmost lane free at its start.
 */
export function laneLayout<T extends MinuteSpan & { id: string }>(
  items: readonly T[],
): Map<string, LanePlacement> {
  const sorted = [...items].sort((a, b) => a.start - b.start || b.end - a.end)
  const placements = new Map<string, LanePlacement>()
  let group: { id: string; lane: number }[] = []
  let laneEnds: number[] = []
  let groupEnd = -1
  const closeGroup = () => {
    for (const member of group)
      placements.set(member.id, { lane: member.lane, lanes: laneEnds.length })
    group = []
    laneEnds = []
  }
  for (const item of sorted) {
    if (item.start >= groupEnd) closeGroup()
    let lane = laneEnds.findIndex((end) => end <= item.start)
    if (lane === -1) lane = laneEnds.push(item.end) - 1
    else laneEnds[lane] = item.end
    group.push({ id: item.id, lane })
    groupEnd = Math.max(groupEnd, item.end)
  }
  closeGroup()
  return placements
}

/** What a block has room for, by its length: the client; then the time; then the service. */
export type BlockDetail = 'client' | 'clientTime' | 'full'

export function blockDetail(minutes: number): BlockDetail {
  if (minutes < 30) return 'client'
  if (minutes < 45) return 'clientTime'
  return 'full'
}

/**
 * How many lines of a wrapped service name a block shown in full has room for: one at 45
 * minutes and one more for every further slot (both calendars give a slot at least a line).
 */
export function serviceLines(minutes: number): number {
  return Math.max(1, Math.floor((minutes - 30) / SLOT_MINUTES))
}

export interface OffTime extends MinuteSpan {
  kind: 'offHours' | 'break' | 'timeOff'
  label: string
}

/**
 * A member's time they cannot be booked in, for shading: time off with its reason, their real
 * breaks (the schedule's `breaks`), and the rest of the day outside working periods as time they
 * are not working (before and after hours, and a gap between two shifts that is not a break).
 */
export function memberOffTime(
  working: readonly MinuteSpan[],
  breaks: readonly MinuteSpan[],
  timeOff: readonly (MinuteSpan & { reason: string })[],
): OffTime[] {
  const shaded: OffTime[] = timeOff.map((off) => ({
    start: off.start,
    end: off.end,
    kind: 'timeOff',
    label: off.reason.trim() || 'Time off',
  }))
  for (const gap of complementIntervals(working, 0, MINUTES_PER_DAY)) {
    for (const free of complementIntervals(timeOff, gap.start, gap.end)) {
      const notWorking = complementIntervals(breaks, free.start, free.end)
      for (const piece of notWorking)
        shaded.push({ ...piece, kind: 'offHours', label: 'Not working' })
      for (const pause of complementIntervals(notWorking, free.start, free.end)) {
        shaded.push({ ...pause, kind: 'break', label: 'Break' })
      }
    }
  }
  return shaded.sort((a, b) => a.start - b.start)
}
