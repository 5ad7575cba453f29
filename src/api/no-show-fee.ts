import type { components } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

export type NoShowFee = components['schemas']['NoShowFee']

/** Where the appointment's no-show fee stands (a card kept at booking, charged or not). */
export async function loadNoShowFee(appointmentId: string): Promise<NoShowFee> {
  return unwrap(
    await api.GET('/api/v1/appointments/{appointmentId}/no-show-fee', {
      params: { path: { appointmentId } },
    }),
  )
}

/**
 * Charges the no-show fee to the kept card. `key` is the charge's Idempotency-Key: the same
 * key asks about the same charge again, so a lost answer never charges twice.
 */
export async function chargeNoShowFee(appointmentId: string, key: string): Promise<NoShowFee> {
  return unwrap(
    await api.POST('/api/v1/appointments/{appointmentId}/no-show-fee', {
      params: { path: { appointmentId }, header: { 'Idempotency-Key': key } },
    }),
  )
}
