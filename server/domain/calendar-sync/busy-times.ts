import { DAY_MS, type ZoneClock, zoneClock } from '../availability/local-time.ts'
import { isTimeZone } from '../time-zones.ts'
import { type EventTime, type ExternalEvent, isSlotwiseUid } from './external-event.ts'
import { readRecurrenceRule } from './recurrence-rule.ts'
import { ruleOccurrences } from './rule-occurrences.ts'
import { dateText, localMilliseconds } from './wall-clock.ts'

/*
 * A member's external events as the busy times they make within a window: recurrences
 * expanded (RRULE, RDATE, EXDATE, overrides by RECURRENCE-ID), and everything that does not
 * make the member busy left out: free (transparent) and cancelled events, invitations the
 * member declined, and the events Slotwise itself wrote into their calendar.
 *
 * Each event's times are read in its own frame: its zone, the member's zone for a floating time
 * or an all-day date (a date is the member's whole local day, 23 or 25 hours on a change day),
 * UTC for an instant. A wall-clock reading a daylight-saving change skips moves on by the
 * length of the gap, and one it repeats means the first (RFC 5545 §3.3.5, availability's
 * `compatible` reading).
 */

/** One busy interval, epoch milliseconds, `end` after or at `start`. */
export interface BusyTime {
  start: number
  end: number
  uid: string
  summary: string
}

/** The same shape as the connectors' `SyncWindow`. */
export interface ExpansionWindow {
  start: Date
  end: Date
}

/** How far a wall-clock reading can be from its instant (the widest UTC offsets are ±14 h). */
const OFFSET_MARGIN_MS = DAY_MS

/**
 * The busy intervals that overlap the window, by start (then end, then UID). Overlapping
 * intervals stay apart: the calendar view shows each event.
 */
export function expandBusyTimes(
  events: readonly ExternalEvent[],
  window: ExpansionWindow,
  memberZone: string,
): BusyTime[] {
  const from = window.start.getTime()
  const to = window.end.getTime()
  const frames = new FrameClocks(memberZone, clocksFrom(events, from), to + 2 * OFFSET_MARGIN_MS)
  const busy: BusyTime[] = []
  const keep = (start: number, end: number, event: ExternalEvent) => {
    const overlaps = end > start ? start < to && end > from : start >= from && start < to
    if (overlaps) busy.push({ start, end, uid: event.uid, summary: event.summary })
  }

  const replaced = replacedOccurrences(events)
  for (const event of events) {
    if (!makesBusy(event)) continue
    let spans: [number, number][]
    try {
      if (event.recurrenceId !== undefined) {
        const start = frames.instant(event.start)
        spans = [[start, Math.max(start, endInstant(event, frames))]]
      } else {
        const exclusions = [...event.exdates, ...(replaced.get(event.uid) ?? [])]
        spans = occurrences(event, frames, exclusions, from, to)
      }
    } catch {
      // An event a connector handed over with a time that is none (Temporal refuses it) is
      // left out, rather than the member's whole calendar.
      continue
    }
    for (const [start, end] of spans) keep(start, end, event)
  }
  return busy.sort(
    (a, b) => a.start - b.start || a.end - b.end || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0),
  )
}

/**
 * Where one event (not a series: its DTSTART to its end) lies, as instants, read in its frame
 * like any busy time; null when its times are none. Used for Slotwise's own written events,
 * which expansion leaves out.
 */
export function eventSpan(
  event: ExternalEvent,
  memberZone: string,
): { start: number; end: number } | null {
  try {
    const from =
      event.start.kind === 'utc'
        ? event.start.instant
        : localMilliseconds(event.start.kind === 'date' ? event.start.date : event.start.dateTime)
    const frames = new FrameClocks(memberZone, from - 2 * OFFSET_MARGIN_MS, from + 2 * DAY_MS)
    const start = frames.instant(event.start)
    return { start, end: Math.max(start, endInstant(event, frames)) }
  } catch {
    return null
  }
}

/** How far back the zone clocks reach for a series' DTSTART, beyond which Temporal converts it. */
const CLOCK_REACH_MS = 2 * 366 * DAY_MS

/**
 * Where the zone clocks start: early enough for the DTSTARTs of the last two years, whose
 * instants give a series its length, and which would otherwise each take a slow conversion.
 */
function clocksFrom(events: readonly ExternalEvent[], from: number): number {
  let earliest = from
  for (const { start } of events) {
    const at =
      start.kind === 'utc'
        ? start.instant
        : localMilliseconds(start.kind === 'date' ? start.date : start.dateTime)
    if (at < earliest) earliest = at
  }
  return Math.max(earliest, from - CLOCK_REACH_MS) - 2 * OFFSET_MARGIN_MS
}

function makesBusy(event: ExternalEvent): boolean {
  return (
    !event.transparent && !event.cancelled && !event.declinedByOwner && !isSlotwiseUid(event.uid)
  )
}

/** Per UID, the occurrences its overrides replace (moved, cancelled or declined alike). */
function replacedOccurrences(events: readonly ExternalEvent[]): Map<string, EventTime[]> {
  const replaced = new Map<string, EventTime[]>()
  for (const event of events) {
    if (event.recurrenceId === undefined) continue
    const list = replaced.get(event.uid) ?? []
    list.push(event.recurrenceId)
    replaced.set(event.uid, list)
  }
  return replaced
}

function endInstant(event: ExternalEvent, frames: FrameClocks): number {
  if (event.start.kind === 'date' && event.end.kind !== 'date') {
    return frames.instant({
      kind: 'date',
      date: dateText((frames.localDay(event.start) + 1) * DAY_MS),
    })
  }
  return frames.instant(event.end)
}

/** A master's occurrences as [start, end] instants, its exclusions left out. */
function occurrences(
  event: ExternalEvent,
  frames: FrameClocks,
  exclusions: EventTime[],
  from: number,
  to: number,
): [number, number][] {
  const clock = frames.clockOf(event.start)
  const allDay = event.start.kind === 'date'
  // An all-day event lasts whole local days; a timed one its exact length (RFC 5545 §3.8.5.3).
  const days = allDay ? Math.max(1, allDayLength(event, frames)) : 0
  const length = allDay ? 0 : Math.max(0, frames.instant(event.end) - frames.instant(event.start))
  const starts = new Set<number>()

  const rule = event.rrule === undefined ? null : readRecurrenceRule(event.rrule)
  const dtstart = frames.local(event.start)
  if (rule?.kind === 'rule') {
    const reach = allDay ? days * DAY_MS : length
    for (const local of ruleOccurrences({
      rule: rule.rule,
      start: dtstart,
      fromDay: Math.floor((from - reach - 2 * OFFSET_MARGIN_MS) / DAY_MS),
      toDay: Math.floor((to + 2 * OFFSET_MARGIN_MS) / DAY_MS),
      toInstant: clock.toInstant,
    })) {
      starts.add(allDay ? local : clock.toInstant(local))
    }
  } else {
    starts.add(allDay ? dtstart : clock.toInstant(dtstart))
  }
  for (const rdate of event.rdates) {
    if (!allDay) starts.add(frames.instant(rdate))
    else if (rdate.kind === 'date') starts.add(frames.local(rdate))
    else starts.add(Math.floor(clock.toLocal(frames.instant(rdate)) / DAY_MS) * DAY_MS)
  }

  const excludedDays = new Set<number>()
  const excludedInstants = new Set<number>()
  for (const exclusion of exclusions) {
    if (exclusion.kind === 'date') excludedDays.add(frames.localDay(exclusion))
    else excludedInstants.add(frames.instant(exclusion))
  }

  const found: [number, number][] = []
  for (const start of starts) {
    if (allDay) {
      // `start` is the local midnight of the first day, in the member's zone.
      const day = start / DAY_MS
      const instant = clock.toInstant(start)
      if (excludedDays.has(day) || excludedInstants.has(instant)) continue
      found.push([instant, clock.toInstant(start + days * DAY_MS)])
    } else {
      if (excludedInstants.has(start)) continue
      if (excludedDays.size > 0 && excludedDays.has(Math.floor(clock.toLocal(start) / DAY_MS)))
        continue
      found.push([start, start + length])
    }
  }
  return found
}

function allDayLength(event: ExternalEvent, frames: FrameClocks): number {
  if (event.end.kind !== 'date' || event.start.kind !== 'date') return 1
  return frames.localDay(event.end) - frames.localDay(event.start)
}

/** The clocks of the zones an expansion meets, each built once over the window. */
class FrameClocks {
  private readonly clocks = new Map<string, ZoneClock>()
  private readonly member: ZoneClock

  constructor(
    memberZone: string,
    private readonly from: number,
    private readonly to: number,
  ) {
    this.member = zoneClock(memberZone, from, to)
    this.clocks.set(memberZone, this.member)
  }

  /** The clock an event time's wall-clock reading belongs to. */
  clockOf(time: EventTime): ZoneClock {
    if (time.kind === 'utc') return UTC_CLOCK
    return time.kind === 'zoned' ? this.zone(time.timeZone) : this.member
  }

  /** The wall-clock reading of an event time in its own frame (local milliseconds). */
  local(time: EventTime): number {
    switch (time.kind) {
      case 'utc':
        return time.instant
      case 'date':
        return localMilliseconds(time.date)
      default:
        return localMilliseconds(time.dateTime)
    }
  }

  localDay(time: EventTime): number {
    return Math.floor(this.local(time) / DAY_MS)
  }

  instant(time: EventTime): number {
    return time.kind === 'utc' ? time.instant : this.clockOf(time).toInstant(this.local(time))
  }

  /** A zone's clock; the member's for a name this server does not know (the reader maps them). */
  private zone(timeZone: string): ZoneClock {
    let clock = this.clocks.get(timeZone)
    if (!clock) {
      clock = isTimeZone(timeZone) ? zoneClock(timeZone, this.from, this.to) : this.member
      this.clocks.set(timeZone, clock)
    }
    return clock
  }
}

const UTC_CLOCK: ZoneClock = { toInstant: (local) => local, toLocal: (instant) => instant }
