import { describe, expect, it } from 'vitest'
import { instantRangeRefusal } from '../../../../server/domain/instant-range.ts'

describe('a from…to query range', () => {
  const from = '2026-03-01T00:00:00Z'
  it('must end after it starts', () => {
    expect(instantRangeRefusal({ from, to: from }, 42)).toEqual({
      path: 'query.to',
      message: `must be later than from (${from})`,
    })
  })

  it('may be as long as the endpoint allows, no longer', () => {
    expect(instantRangeRefusal({ from, to: '2026-04-12T00:00:00Z' }, 42)).toBeNull()
    expect(instantRangeRefusal({ from, to: '2026-04-12T00:00:00.001Z' }, 42)?.message).toBe(
      'must be at most 42 days after from',
    )
  })
})
