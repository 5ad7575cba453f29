import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { ApiError, api } from './client'

export type Profile = components['schemas']['Profile']

/** GET /api/v1/me/: the signed-in user's profile. Throws (an ApiError) when it fails. */
export async function fetchProfile(client: Client<paths> = api): Promise<Profile> {
  const { data, error, response } = await client.GET('/api/v1/me/')
  if (data) return data
  const detail = typeof error?.detail === 'string' ? error.detail : response.statusText
  throw new ApiError(response.status, 'GET', '/api/v1/me/', detail)
}
