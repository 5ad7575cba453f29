import { parseDate } from '@internationalized/date'
import { describe, expect, it } from 'vitest'
import {
  appointmentHref,
  formatPaymentsView,
  parsePaymentsView,
  paymentsExportFileName,
  paymentsViewToFilter,
} from '../../../../../src/features/payments/payments-view'

describe('the payments screen’s address', () => {
  it('reads and writes the state and the range of days', () => {
    const view = parsePaymentsView('?state=refunded&from=2026-03-01&to=2026-03-31')
    expect(view.state).toBe('refunded')
    expect(view.range?.start.toString()).toBe('2026-03-01')
    expect(view.range?.end.toString()).toBe('2026-03-31')
    expect(formatPaymentsView(view)).toBe('state=refunded&from=2026-03-01&to=2026-03-31')
  })

  it('ignores what a hand-edited link gets wrong', () => {
    expect(parsePaymentsView('?state=settled&from=2026-03-31&to=2026-03-01')).toEqual({
      state: null,
      range: null,
    })
    // A card on file is not a listed payment, so not a filter either.
    expect(parsePaymentsView('?state=card_on_file').state).toBeNull()
    expect(parsePaymentsView('?from=2026-02-30&to=2026-03-01').range).toBeNull()
  })

  it('reads the days in the business’s time zone, the last one included', () => {
    const filter = paymentsViewToFilter(
      {
        state: 'paid',
        range: { start: parseDate('2026-03-01'), end: parseDate('2026-03-31') },
      },
      'America/New_York',
    )
    expect(filter).toEqual({
      state: 'paid',
      from: '2026-03-01T05:00:00.000Z',
      // 8 March is the switch to summer time: the end is at UTC−4.
      to: '2026-04-01T04:00:00.000Z',
    })
  })

  it('opens the payment’s appointment on its own day in the calendar', () => {
    const href = appointmentHref(
      {
        appointment_id: '11111111-1111-4111-8111-111111111111',
        appointment_starts_at: '2026-03-02T03:30:00Z',
      } as Parameters<typeof appointmentHref>[0],
      'America/New_York',
    )
    expect(href).toBe(
      '/calendar?view=day&date=2026-03-01&cancelled=1&appointment=11111111-1111-4111-8111-111111111111',
    )
  })

  it('names an export for its filter, so two exports of one day do not overwrite', () => {
    const today = new Date(2026, 2, 5)
    expect(paymentsExportFileName({ state: null, range: null }, today)).toBe(
      'payments-2026-03-05.csv',
    )
    expect(
      paymentsExportFileName(
        {
          state: 'partly_refunded',
          range: { start: parseDate('2026-03-01'), end: parseDate('2026-03-04') },
        },
        today,
      ),
    ).toBe('payments-partly-refunded-2026-03-01-to-2026-03-04-2026-03-05.csv')
  })
})
