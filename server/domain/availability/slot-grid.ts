import { MINUTE_MS } from './local-time.ts'

/*
 * The slot grid: the start times a customer is offered are a working period's own start and
 * every slot interval after it, in real elapsed minutes. The availability engine walks this
 * grid and the public booking checks a chosen start against it, both through these functions,
 * so a start the page offers is always one the API accepts and nothing else is.
 */

/** The grid step in ms. The API checks the interval; this only makes sure the grid moves on. */
export function gridStepMs(slotIntervalMinutes: number): number {
  const valid = Number.isFinite(slotIntervalMinutes) && slotIntervalMinutes >= 1
  return (valid ? slotIntervalMinutes : 1) * MINUTE_MS
}

/** The index of the first grid point of a period starting at `periodStart` at or after `instant`. */
export function gridIndexFrom(periodStart: number, instant: number, stepMs: number): number {
  return Math.max(0, Math.ceil((instant - periodStart) / stepMs))
}

/** Whether `startsAt` is a grid point of the period starting at `periodStart`. */
export function isOnGrid(periodStart: number, startsAt: number, stepMs: number): boolean {
  return startsAt >= periodStart && (startsAt - periodStart) % stepMs === 0
}
