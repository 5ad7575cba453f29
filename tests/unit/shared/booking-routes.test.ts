import { describe, expect, it } from 'vitest'
import type { WizardRoute } from '../../../shared/booking-links'
import {
  buildWizardUrl,
  businessOf,
  manageUrl,
  parseWizardRoute,
  paymentReturnUrl,
} from '../../../shared/booking-links'

const serviceId = '7a0e2d64-3c0f-4f57-8f0e-2a3b4c5d6e01'
const memberId = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e01'
const appointmentId = '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9'

describe('parseWizardRoute', () => {
  it('reads every step of the wizard from its path', () => {
    expect(parseWizardRoute('/booking', '')).toEqual({ step: 'start' })
    expect(parseWizardRoute(`/booking/service/${serviceId}/team`, '')).toEqual({
      step: 'serviceTeam',
      serviceId,
    })
    expect(parseWizardRoute(`/booking/team/${memberId}/services`, '')).toEqual({
      step: 'teamServices',
      teamMemberId: memberId,
    })
    expect(parseWizardRoute(`/booking/calendar/${serviceId}/any`, '')).toEqual({
      step: 'calendar',
      serviceId,
      teamMemberId: 'any',
    })
  })

  it('reads the chosen start and the token from the query, normalised', () => {
    expect(
      parseWizardRoute(
        `/booking/customer-info/${serviceId}/${memberId}`,
        '?business=acme&start=2026-12-02T10:00:00%2B01:00',
      ),
    ).toEqual({
      step: 'customerInfo',
      serviceId,
      teamMemberId: memberId,
      startsAt: '2026-12-02T09:00:00.000Z',
    })
    expect(parseWizardRoute(`/booking/confirmation/${appointmentId}`, '?token=abc')).toEqual({
      step: 'confirmation',
      appointmentId,
      token: 'abc',
    })
  })

  it('drops a start that is not an instant and a missing token', () => {
    expect(
      parseWizardRoute(`/booking/customer-info/${serviceId}/any`, '?start=tomorrow'),
    ).toMatchObject({ startsAt: null })
    expect(parseWizardRoute(`/booking/confirmation/${appointmentId}`, '')).toMatchObject({
      token: null,
    })
  })

  it('reads the return from Stripe’s Checkout, as paymentReturnUrl writes it', () => {
    const paid = new URL(
      paymentReturnUrl(appointmentId, 'tok', 'acme', 'paid').replace(
        '{CHECKOUT_SESSION_ID}',
        'cs_test_1',
      ),
      'http://localhost',
    )
    expect(parseWizardRoute(paid.pathname, paid.search)).toEqual({
      step: 'payment',
      appointmentId,
      token: 'tok',
      outcome: 'paid',
      sessionId: 'cs_test_1',
    })
    const back = new URL(paymentReturnUrl(appointmentId, 'tok', null, 'cancelled'), 'http://x')
    expect(parseWizardRoute(back.pathname, back.search)).toMatchObject({
      outcome: 'cancelled',
      sessionId: null,
    })
    // An outcome it does not know is read as none: the page syncs and says where it stands.
    expect(parseWizardRoute(`/booking/payment/${appointmentId}`, '?outcome=odd')).toMatchObject({
      outcome: null,
      token: null,
    })
  })

  it('leaves the non-wizard booking pages to their own screens', () => {
    expect(parseWizardRoute(`/booking/event/${appointmentId}`, '?token=x')).toBeNull()
    expect(parseWizardRoute('/booking/bob-smith', '')).toBeNull()
    expect(parseWizardRoute('/booking/service//team', '')).toBeNull()
  })
})

describe('buildWizardUrl', () => {
  const routes: WizardRoute[] = [
    { step: 'start' },
    { step: 'serviceTeam', serviceId },
    { step: 'teamServices', teamMemberId: memberId },
    { step: 'calendar', serviceId, teamMemberId: 'any' },
    {
      step: 'customerInfo',
      serviceId,
      teamMemberId: memberId,
      startsAt: '2026-12-02T09:00:00.000Z',
    },
    { step: 'confirmation', appointmentId, token: 'secret-token' },
    { step: 'payment', appointmentId, token: 't', outcome: 'paid', sessionId: 'cs_1' },
    { step: 'payment', appointmentId, token: 't', outcome: null, sessionId: null },
  ]

  it('round-trips every step through its URL, with and without a business', () => {
    for (const route of routes) {
      for (const business of [null, 'acme']) {
        const url = new URL(buildWizardUrl(route, business), 'http://localhost')
        expect(parseWizardRoute(url.pathname, url.search)).toEqual(route)
        expect(businessOf(url.search)).toBe(business)
      }
    }
  })

  it('writes the spec’s addresses', () => {
    expect(buildWizardUrl({ step: 'calendar', serviceId, teamMemberId: 'any' }, 'acme')).toBe(
      `/booking/calendar/${serviceId}/any?business=acme`,
    )
    expect(manageUrl(appointmentId, 'secret-token')).toBe(
      `/booking/event/${appointmentId}?token=secret-token`,
    )
  })
})
