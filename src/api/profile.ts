import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'
import { answeredEarly, PROFILE_PATH } from './early-calls'

export type Profile = components['schemas']['Profile']
export type BusinessRegistration = components['schemas']['BusinessRegistration']

/**
 * GET /api/v1/me/: the signed-in user's profile. Throws (an ApiError) when it fails. The first
 * call takes the answer asked for at start-up (`askEarly`) when it is a good one; otherwise
 * (the stored token had expired, say) it asks again, by then with the token Firebase restored.
 */
export function fetchProfile(client: Client<paths> = api): Promise<Profile> {
  return answeredEarly(PROFILE_PATH, async () => unwrap(await client.GET('/api/v1/me/')))
}

/**
 * POST /api/v1/me/business: sign-up's first call, with the token the provider just issued
 * (the session is not stored yet). Creates the business with the name, time zone and currency
 * the new owner confirmed; throws an ApiError (409 when they already belong to one).
 */
export async function registerBusiness(
  token: string,
  business: BusinessRegistration,
  client: Client<paths> = api,
): Promise<Profile> {
  return unwrap(
    await client.POST('/api/v1/me/business', {
      body: business,
      headers: { Authorization: `Bearer ${token}` },
    }),
  )
}
