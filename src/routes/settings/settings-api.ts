import type { Client } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { api } from '../../api/client'
import { ProblemError } from '../../components/form/problem-field-errors'
import type {
  AppearanceSettings,
  BookingPolicy,
  BusinessConfiguration,
  NotificationSettings,
  Settings,
} from './setting-pages'

export async function loadSettings(client: Client<paths> = api): Promise<Settings> {
  const { data, error, response } = await client.GET('/api/v1/settings')
  if (data) return data
  throw new ProblemError(response.status, error)
}

export async function saveBookingPolicy(
  body: BookingPolicy,
  client: Client<paths> = api,
): Promise<BookingPolicy> {
  const { data, error, response } = await client.PUT('/api/v1/settings/booking-policy', { body })
  if (data) return data
  throw new ProblemError(response.status, error)
}

export async function saveNotificationSettings(
  body: NotificationSettings,
  client: Client<paths> = api,
): Promise<NotificationSettings> {
  const { data, error, response } = await client.PUT('/api/v1/settings/notifications', { body })
  if (data) return data
  throw new ProblemError(response.status, error)
}

export async function saveAppearanceSettings(
  body: AppearanceSettings,
  client: Client<paths> = api,
): Promise<AppearanceSettings> {
  const { data, error, response } = await client.PUT('/api/v1/settings/appearance', { body })
  if (data) return data
  throw new ProblemError(response.status, error)
}

export async function loadBusinessConfiguration(
  client: Client<paths> = api,
): Promise<BusinessConfiguration> {
  const { data, error, response } = await client.GET('/api/v1/business-configuration')
  if (data) return data
  throw new ProblemError(response.status, error)
}

/**
 * A slug taken by another business comes back as a 409 that may not name a field; it is
 * about the slug all the same, so it is shown there.
 */
export async function saveBusinessConfiguration(
  body: BusinessConfiguration,
  client: Client<paths> = api,
): Promise<BusinessConfiguration> {
  const { data, error, response } = await client.PUT('/api/v1/business-configuration', { body })
  if (data) return data
  const problem = new ProblemError(response.status, error)
  if (response.status === 409 && Object.keys(problem.fieldErrors).length === 0) {
    Object.assign(problem.fieldErrors, {
      slug: problem.problem.detail ?? 'Another business already uses this address.',
    })
  }
  throw problem
}
