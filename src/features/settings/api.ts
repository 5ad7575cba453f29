import type { Client } from 'openapi-fetch'
import type { paths } from '../../../shared/contract/schema'
import { ApiError, unwrap } from '../../api/api-error'
import { api } from '../../api/client'
import type {
  AppearanceSettings,
  BookingPolicy,
  BusinessConfiguration,
  EmbedSettings,
  LanguageSettings,
  Logo,
  NotificationSettings,
  PrivacySettings,
  Settings,
} from './setting-pages'

export async function loadSettings(client: Client<paths> = api): Promise<Settings> {
  return unwrap(await client.GET('/api/v1/settings'))
}

export async function saveBookingPolicy(
  body: BookingPolicy,
  client: Client<paths> = api,
): Promise<BookingPolicy> {
  return unwrap(await client.PUT('/api/v1/settings/booking-policy', { body }))
}

export async function saveNotificationSettings(
  body: NotificationSettings,
  client: Client<paths> = api,
): Promise<NotificationSettings> {
  return unwrap(await client.PUT('/api/v1/settings/notifications', { body }))
}

export async function saveAppearanceSettings(
  body: AppearanceSettings,
  client: Client<paths> = api,
): Promise<AppearanceSettings> {
  return unwrap(await client.PUT('/api/v1/settings/appearance', { body }))
}

/** Sends the file itself as the body, labelled with its own type (the server checks both). */
export async function uploadLogo(file: Blob, client: Client<paths> = api): Promise<Logo> {
  return unwrap(
    await client.PUT('/api/v1/settings/appearance/logo', {
      body: file,
      bodySerializer: (body) => body as Blob,
      headers: { 'Content-Type': file.type },
    }),
  )
}

export async function deleteLogo(client: Client<paths> = api): Promise<void> {
  unwrap(await client.DELETE('/api/v1/settings/appearance/logo'))
}

export async function loadEmbedSettings(client: Client<paths> = api): Promise<EmbedSettings> {
  return unwrap(await client.GET('/api/v1/settings/embed'))
}

export async function saveEmbedSettings(
  body: EmbedSettings,
  client: Client<paths> = api,
): Promise<EmbedSettings> {
  return unwrap(await client.PUT('/api/v1/settings/embed', { body }))
}

export async function saveLanguageSettings(
  body: LanguageSettings,
  client: Client<paths> = api,
): Promise<LanguageSettings> {
  return unwrap(await client.PUT('/api/v1/settings/language', { body }))
}

export async function loadBusinessConfiguration(
  client: Client<paths> = api,
): Promise<BusinessConfiguration> {
  return unwrap(await client.GET('/api/v1/business-configuration'))
}

/**
 * With `moveTeamMembers`, a new time zone also moves the team members still on the old one.
 * A slug taken by another business comes back as a 409 that may not name a field; it is
 * about the slug all the same, so it is shown there.
 */
export async function saveBusinessConfiguration(
  body: BusinessConfiguration,
  options: { moveTeamMembers?: boolean } = {},
  client: Client<paths> = api,
): Promise<BusinessConfiguration> {
  try {
    const query = options.moveTeamMembers ? { move_team_members: true } : {}
    return unwrap(await client.PUT('/api/v1/business-configuration', { body, params: { query } }))
  } catch (problem) {
    if (
      problem instanceof ApiError &&
      problem.status === 409 &&
      Object.keys(problem.fieldErrors).length === 0
    ) {
      Object.assign(problem.fieldErrors, {
        slug: problem.problem.detail ?? 'Another business already uses this address.',
      })
    }
    throw problem
  }
}

export async function loadPrivacySettings(client: Client<paths> = api): Promise<PrivacySettings> {
  return unwrap(await client.GET('/api/v1/settings/privacy'))
}

export async function savePrivacySettings(
  body: PrivacySettings,
  client: Client<paths> = api,
): Promise<PrivacySettings> {
  return unwrap(await client.PUT('/api/v1/settings/privacy', { body }))
}
