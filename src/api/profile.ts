import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

export type Profile = components['schemas']['Profile']
export type BusinessRegistration = components['schemas']['BusinessRegistration']

let prefetched: Promise<Profile> | null = null

/**
 * Asks for the profile at start-up with the token the last session stored, while Firebase is
 * still restoring that session, so the first `fetchProfile` finds the answer on its way.
 */
export function prefetchProfile(): void {
  prefetched = unwrapProfile(api)
  prefetched.catch(() => {})
}

/** Forgets a prefetched profile: the session it was asked for has ended. */
export function dropPrefetchedProfile(): void {
  prefetched = null
}

/**
 * GET /api/v1/me/: the signed-in user's profile. Throws (an ApiError) when it fails. The first
 * call takes the start-up's prefetched answer; if that failed (the stored token had expired),
 * it asks again, by then with the token Firebase restored.
 */
export async function fetchProfile(client: Client<paths> = api): Promise<Profile> {
  const early = client === api ? prefetched : null
  prefetched = null
  if (early) {
    try {
      return await early
    } catch {
      // Asked again below.
    }
  }
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
