import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

export type Profile = components['schemas']['Profile']

/** GET /api/v1/me/: the signed-in user's profile. Throws (an ApiError) when it fails. */
export async function fetchProfile(client: Client<paths> = api): Promise<Profile> {
  return unwrap(await client.GET('/api/v1/me/'))
}
