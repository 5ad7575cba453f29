import { describe, expect, it } from 'vitest'
import { formatDuration } from '../../../../../src/domain/duration-minutes'
import {
  NEW_SERVICE,
  newQuestion,
  type Service,
  serviceInput,
  servicePatch,
  serviceToValues,
  validateService,
} from '../../../../../src/features/services/service-values'

const stored: Service = {
  id: '7b0f5c1e-0000-4000-8000-000000000001',
  name: 'Haircut',
  description: 'Wash and cut',
  duration_minutes: 45,
  price_minor: 5500,
  currency: 'USD',
  buffer_before_minutes: 0,
  buffer_after_minutes: 10,
  color: '#2563eb',
  category: null,
  active: true,
  capacity: 1,
  payment_rule: {
    kind: 'none',
    deposit_amount_minor: null,
    deposit_percent: null,
    no_show_fee_minor: null,
  },
  team_member_ids: ['7b0f5c1e-0000-4000-8000-0000000000aa'],
  bookable_online: true,
  booking_questions: [],
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

describe('service form values', () => {
  it('a new service needs a name and a price; the other defaults are valid', () => {
    expect(validateService(NEW_SERVICE)).toEqual({
      name: 'Enter a name for the service.',
      price_minor: 'Enter a price (0 for a free service).',
    })
    expect(validateService({ ...NEW_SERVICE, name: 'Trim', price_minor: 0 })).toEqual({})
  })

  it('checks the contract’s ranges before sending', () => {
    const errors = validateService({
      ...NEW_SERVICE,
      name: 'X',
      price_minor: 100,
      duration_minutes: 721,
      buffer_after_minutes: null,
      capacity: 0,
    })
    expect(Object.keys(errors).sort()).toEqual([
      'buffer_after_minutes',
      'capacity',
      'duration_minutes',
    ])
  })

  it('the create body trims text and sends a blank category as null', () => {
    const body = serviceInput({
      ...NEW_SERVICE,
      name: '  Trim ',
      price_minor: 1500,
      category: '  ',
    })
    expect(body).toMatchObject({ name: 'Trim', price_minor: 1500, category: null, capacity: 1 })
  })

  it('sends only the chosen payment rule’s amount, and checks it against the price', () => {
    const values = {
      ...NEW_SERVICE,
      name: 'Colour',
      price_minor: 5000,
      payment_rule_kind: 'deposit_fixed' as const,
      deposit_amount_minor: 6000,
      deposit_percent: 20,
    }
    expect(serviceInput(values).payment_rule).toEqual({
      kind: 'deposit_fixed',
      deposit_amount_minor: 6000,
    })
    expect(validateService(values)).toEqual({
      'payment_rule.deposit_amount_minor': 'The deposit must not be above the price.',
    })
    expect(validateService({ ...values, payment_rule_kind: 'deposit_percent' })).toEqual({})
    expect(
      validateService({ ...values, payment_rule_kind: 'card_on_file', no_show_fee_minor: null }),
    ).toEqual({ 'payment_rule.no_show_fee_minor': 'Enter the no-show fee.' })
    expect(validateService({ ...values, payment_rule_kind: 'full', price_minor: 0 })).toEqual({
      price_minor: 'The price must be above 0 to be paid.',
    })
    const initial = serviceToValues(stored)
    expect(servicePatch(initial, { ...initial, payment_rule_kind: 'full' })).toEqual({
      payment_rule: { kind: 'full' },
    })
  })

  it('a patch carries only what changed', () => {
    const initial = serviceToValues(stored)
    expect(initial.category).toBe('')
    expect(servicePatch(initial, initial)).toEqual({})
    expect(servicePatch(initial, { ...initial, price_minor: 6000, active: false })).toEqual({
      price_minor: 6000,
      active: false,
    })
    expect(servicePatch(initial, { ...initial, category: 'Hair', team_member_ids: [] })).toEqual({
      category: 'Hair',
      team_member_ids: [],
    })
  })

  it('sends booking questions with their ids, options one per line, and checks them first', () => {
    const initial = serviceToValues({
      ...stored,
      booking_questions: [
        {
          id: 'q1',
          label: 'Hair length',
          kind: 'single_choice',
          required: true,
          options: ['Short', 'Long'],
        },
      ],
    })
    expect(initial.booking_questions[0]?.optionsText).toBe('Short\nLong')
    const added = {
      ...initial,
      booking_questions: [
        ...initial.booking_questions,
        { ...newQuestion(), label: ' I agree ', kind: 'checkbox' as const, optionsText: 'x' },
      ],
    }
    expect(servicePatch(initial, added)).toEqual({
      booking_questions: [
        {
          id: 'q1',
          label: 'Hair length',
          kind: 'single_choice',
          required: true,
          options: ['Short', 'Long'],
        },
        { label: 'I agree', kind: 'checkbox', required: false, options: [] },
      ],
    })
    const [first] = initial.booking_questions
    if (!first) throw new Error('No question.')
    expect(
      validateService({
        ...initial,
        booking_questions: [{ ...first, optionsText: 'Short\n\nshort' }, { ...newQuestion() }],
      }),
    ).toEqual({
      'booking_questions.0.options': 'The list of options must not repeat an option.',
      'booking_questions.1.label': 'The question must not be blank.',
    })
  })

  it('formats durations the way people say them', () => {
    expect(formatDuration(45)).toBe('45 min')
    expect(formatDuration(60)).toBe('1 h')
    expect(formatDuration(90)).toBe('1 h 30 min')
  })
})
