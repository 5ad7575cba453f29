import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '../../../../../src/features/activity/activity-format'
import { mergeActors } from '../../../../../src/features/activity/known-actors'

function entry(id: string, uid = 'owner'): ActivityEntry {
  return {
    id,
    occurred_at: '2026-03-01T10:00:00Z',
    actor: { uid, name: uid, email: null },
    entity_type: 'customer',
    entity_id: null,
    action: 'created',
    summary: `Entry ${id}`,
    changes: [],
  }
}

describe('mergeActors', () => {
  it('adds new actors once, in the order first seen, and skips the system', () => {
    const ada = { uid: 'a', name: 'Ada', email: null }
    const bob = { uid: 'b', name: 'b', email: null }
    const system = { ...entry('3'), actor: null }
    const merged = mergeActors([ada], [entry('1', 'b'), entry('2', 'a'), system, entry('4', 'b')])
    expect(merged).toEqual([ada, bob])
  })
})
