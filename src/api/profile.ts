import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'
import { takeEarlyProfile } from './early-profile'

export type Profile = components['schemas']['Profile']
export type BusinessRegistration = components['schemas']['BusinessRegistration']

/** Forgets the profile asked for at start-up: the session it was asked for has ended. */
export function dropPrefetchedProfile(): void {
  takeEarlyProfile()
}

/**
 * GET /api/v1/me/: the signed-in user's profile. Throws (an ApiError) when it fails. The first
 * call takes the answer asked for at start-up (`askForProfileEarly`) when it is a good one;
 * otherwise (the stored token had expired, say) it asks again, by then with the token
 * Firebase restored.
 */
export async function fetchProfile(client: Client<paths> = api): Promise<Profile> {
  const early = client === api ? takeEarlyProfile() : null
  const answer = early ? await early.catch(() => null) : null
  // The same operation's 200 body: the contract's Profile.
  if (answer?.ok) return (await answer.json()) as Profile
  return unwrapProfile(client)
}

async function unwrapProfile(client: Client<paths>): Promise<Profile> {
  return unwrap(await client.GET('/api/v1/me/'))
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
