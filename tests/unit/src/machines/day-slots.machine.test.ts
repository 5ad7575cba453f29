import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import {
  type DaySlot,
  type DaySlotQuery,
  daySlotsMachine,
} from '../../../../src/machines/day-slots.machine'

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve()
}

const monday: DaySlotQuery = { serviceId: 's', teamMemberId: null, date: '2026-11-30' }
const tuesday: DaySlotQuery = { ...monday, date: '2026-12-01' }
const slot = (startsAt: string): DaySlot => ({
  starts_at: startsAt,
  ends_at: startsAt,
  team_member_ids: ['m'],
})

function harness(query: DaySlotQuery | null = null) {
  const calls: Array<{
    query: DaySlotQuery
    resolve: (slots: DaySlot[]) => void
    reject: (e: unknown) => void
  }> = []
  const logic = daySlotsMachine.provide({
    actors: {
      loadSlots: fromPromise<DaySlot[], DaySlotQuery>(
        ({ input }) =>
          new Promise((resolve, reject) => calls.push({ query: input, resolve, reject })),
      ),
    },
  })
  const actor = createActor(logic, { input: { query } }).start()
  return { actor, calls }
}

describe('day slots machine', () => {
  it('waits for a complete query, then loads the day', async () => {
    const { actor, calls } = harness()
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    actor.send({ type: 'slots.query', query: monday })
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    calls[0]?.resolve([slot('2026-11-30T09:00:00Z')])
    await flush()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(actor.getSnapshot().context.slots).toHaveLength(1)
  })

  it('drops a stale answer when the day changes meanwhile', async () => {
    const { actor, calls } = harness(monday)
    actor.send({ type: 'slots.query', query: tuesday })
    calls[0]?.resolve([slot('monday')])
    await flush()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    calls[1]?.resolve([slot('tuesday')])
    await flush()
    expect(actor.getSnapshot().context.slots.map((s) => s.starts_at)).toEqual(['tuesday'])
  })

  it('ignores the same query again and goes idle when it becomes incomplete', async () => {
    const { actor, calls } = harness(monday)
    actor.send({ type: 'slots.query', query: { ...monday } })
    expect(calls).toHaveLength(1)
    actor.send({ type: 'slots.query', query: null })
    expect(actor.getSnapshot().matches('idle')).toBe(true)
    expect(actor.getSnapshot().context.slots).toEqual([])
  })

  it('says when the slots could not be loaded and retries', async () => {
    const { actor, calls } = harness(monday)
    calls[0]?.reject(new Error('Offline.'))
    await flush()
    expect(actor.getSnapshot().matches('failed')).toBe(true)
    expect(actor.getSnapshot().context.failure).toBe('Offline.')
    actor.send({ type: 'slots.retry' })
    expect(calls).toHaveLength(2)
    expect(calls[1]?.query).toEqual(monday)
  })
})
