import { describe, expect, it } from 'vitest'
import { progressSteps } from '../../../../../src/features/booking/booking-progress'

describe('booking progress steps', () => {
  it('follows the way the visitor took', () => {
    expect(progressSteps(false, true)).toEqual(['service', 'teamMember', 'time', 'details', 'done'])
    expect(progressSteps(true, true)).toEqual(['teamMember', 'service', 'time', 'details', 'done'])
  })

  it('has no team member step when the business assigns whoever is free', () => {
    expect(progressSteps(false, false)).toEqual(['service', 'time', 'details', 'done'])
  })
})
