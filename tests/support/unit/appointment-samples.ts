import type { components } from '../../../shared/contract/schema'

export type Appointment = components['schemas']['Appointment']
export type Service = components['schemas']['Service']
export type TeamMember = components['schemas']['TeamMember']

export const BERLIN = 'Europe/Berlin'
export const ALEX = '11111111-1111-4111-8111-111111111111'
export const BO = '22222222-2222-4222-8222-222222222222'
export const HAIRCUT = '33333333-3333-4333-8333-333333333333'
export const COLOUR = '44444444-4444-4444-8444-444444444444'
export const ANA = '55555555-5555-4555-8555-555555555555'

/** 27 Nov 2026, 10:00 in Berlin (UTC+1): an appointment a day after "now". */
export const STARTS = '2026-11-27T09:00:00.000Z'
export const NOW = Date.parse('2026-11-26T12:00:00.000Z')

export function sampleAppointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    service_id: HAIRCUT,
    service_name: 'Haircut',
    service_color: '#4f46e5',
    team_member_id: ALEX,
    team_member_name: 'Alex Kim',
    customer_id: ANA,
    customer_name: 'Ana Lopez',
    customer_email: 'ana@example.test',
    customer_phone: '+49 30 1234567',
    starts_at: STARTS,
    ends_at: '2026-11-27T09:45:00.000Z',
    checked_in_at: null,
    checked_out_at: null,
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    status: 'confirmed',
    notes: '',
    price: { amount_minor: 4500, currency: 'EUR' },
    source: 'staff',
    created_by: 'uid-owner',
    cancel_reason: null,
    outside_working_hours: false,
    capacity: 1,
    seats_booked: 1,
    submitted_details: [],
    booking_answers: [],
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  }
}

export function sampleService(overrides: Partial<Service> = {}): Service {
  return {
    id: HAIRCUT,
    name: 'Haircut',
    description: '',
    duration_minutes: 45,
    price_minor: 4500,
    currency: 'EUR',
    buffer_before_minutes: 0,
    buffer_after_minutes: 0,
    color: '#4f46e5',
    category: null,
    active: true,
    capacity: 1,
    payment_rule: {
      kind: 'none',
      deposit_amount_minor: null,
      deposit_percent: null,
      no_show_fee_minor: null,
    },
    team_member_ids: [ALEX],
    bookable_online: true,
    booking_questions: [],
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}

export function sampleMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: ALEX,
    name: 'Alex Kim',
    email: 'alex@example.test',
    permission: 'staff',
    slug: 'alex-kim',
    bio: '',
    time_zone: BERLIN,
    bookable: true,
    color: '#4f46e5',
    service_ids: [HAIRCUT],
    working_hours: [],
    time_off: [],
    invitation: 'accepted',
    access: { status: 'active', since: '2026-11-01T10:00:00.000Z' },
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  }
}
