import { describe, expect, it } from 'vitest'
import { performerRefusal, serviceRefusal } from '../../../../server/domain/bookable-choice.ts'

describe('what may be booked', () => {
  it('is an active service', () => {
    expect(serviceRefusal({ name: 'Colour', active: true })).toBeNull()
    expect(serviceRefusal({ name: 'Colour', active: false })).toBe('is Colour, which is inactive')
  })

  it('with a bookable team member who performs it', () => {
    const ana = { name: 'Ana', bookable: true, performs: true }
    expect(performerRefusal(ana, 'Colour')).toBeNull()
    expect(performerRefusal({ ...ana, performs: false }, 'Colour')).toBe(
      'is Ana, who does not perform Colour',
    )
    expect(performerRefusal({ ...ana, bookable: false, performs: false }, 'Colour')).toBe(
      'is Ana, who is not bookable',
    )
  })
})
