import { memberSlots, type SlotQuery } from './slots.ts'
import type { MemberSchedule, PooledSlot, Slot } from './types.ts'

/**
 * "Any available": the union of the members' free start times, each start once, with every
 * member free then (ids sorted), ascending.
 */
export function pooledSlots(
  input: Omit<SlotQuery, 'schedule'> & { schedules: MemberSchedule[] },
): PooledSlot[] {
  const { schedules, ...query } = input
  // Members in id order, so each slot's ids come out sorted as the lists are merged.
  const members = [...schedules].sort((a, b) => compareIds(a.teamMemberId, b.teamMemberId))
  const lists = members.map((schedule) => memberSlots({ ...query, schedule }))
  const ids = members.map((schedule) => schedule.teamMemberId)
  const heads = lists.map(() => 0)

  const pooled: PooledSlot[] = []
  for (;;) {
    // Bounds are checked by hand throughout: reading past the end of an array is slow in V8.
    let startsAt = Number.POSITIVE_INFINITY
    let endsAt = 0
    for (let m = 0; m < lists.length; m++) {
      const list = lists[m] as Slot[]
      const index = heads[m] as number
      const slot = index < list.length ? (list[index] as Slot) : undefined
      if (slot && slot.startsAt < startsAt) ({ startsAt, endsAt } = slot)
    }
    if (startsAt === Number.POSITIVE_INFINITY) return pooled
    const teamMemberIds: string[] = []
    for (let m = 0; m < lists.length; m++) {
      const list = lists[m] as Slot[]
      const index = heads[m] as number
      if (index >= list.length || (list[index] as Slot).startsAt !== startsAt) continue
      const id = ids[m] as string
      if (teamMemberIds.length === 0 || teamMemberIds[teamMemberIds.length - 1] !== id) {
        teamMemberIds.push(id)
      }
      heads[m] = index + 1
    }
    pooled.push({ startsAt, endsAt, teamMemberIds })
  }
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
