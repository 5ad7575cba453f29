import { describe, expect, it } from 'vitest'
import {
  businessDateTime,
  decimalAmount,
  type PaymentCsvRecord,
  paymentCsvRow,
} from '../../../../server/domain/payment-csv'

describe('amounts in the payments CSV', () => {
  it('are decimal numbers in the currency’s own minor unit, never a float', () => {
    expect(decimalAmount(1250, 'EUR')).toBe('12.50')
    expect(decimalAmount(5, 'USD')).toBe('0.05')
    expect(decimalAmount(0, 'USD')).toBe('0.00')
    expect(decimalAmount(1250, 'JPY')).toBe('1250')
    expect(decimalAmount(1250, 'KWD')).toBe('1.250')
    // 0.1 + 0.2 territory: integer arithmetic keeps every cent.
    expect(decimalAmount(900_719_925_474_099, 'USD')).toBe('9007199254740.99')
  })
})

describe('dates in the payments CSV', () => {
  it('are the business’s wall clock, across a DST change', () => {
    expect(businessDateTime(new Date('2026-05-04T03:30:00Z'), 'America/New_York')).toBe(
      '2026-05-03 23:30',
    )
    expect(businessDateTime(new Date('2026-01-04T03:30:00Z'), 'America/New_York')).toBe(
      '2026-01-03 22:30',
    )
    expect(businessDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29 03:00',
    )
  })
})

describe('a payment CSV record', () => {
  const record: PaymentCsvRecord = {
    id: 'p1',
    createdAt: new Date('2026-05-04T12:00:00Z'),
    paidAt: null,
    appointmentId: 'a1',
    appointmentStartsAt: new Date('2026-05-05T12:00:00Z'),
    customerName: '=HYPERLINK("http://evil.example","x")',
    serviceName: 'Cut, "wash"\nand dry',
    kind: 'no_show_fee',
    method: null,
    state: 'failed',
    currency: 'EUR',
    amountMinor: 2500,
    refundedMinor: 0,
    netMinor: 0,
  }

  it('quotes text, defuses formulas, leaves an unpaid payment’s paid_at empty', () => {
    expect(paymentCsvRow(record, 'Europe/Berlin')).toBe(
      `${[
        '2026-05-04 14:00',
        '',
        '2026-05-05 14:00',
        `"'=HYPERLINK(""http://evil.example"",""x"")"`,
        '"Cut, ""wash""\nand dry"',
        'No-show fee',
        'Online',
        'Failed',
        'EUR',
        '25.00',
        '0.00',
        '0.00',
        'p1',
        'a1',
      ].join(',')}\r\n`,
    )
  })
})
