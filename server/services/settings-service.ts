import type { components } from '../../shared/contract/schema.d.ts'
import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createLogoRepository } from '../db/repositories/logo-repository.ts'
import {
  createSettingsRepository,
  type SettingsRow,
  type SettingsValues,
} from '../db/repositories/settings-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import { checkEmbedOrigins, embedFrameAncestors } from '../domain/embed-origins.ts'
import type { Member } from '../domain/member.ts'
import { assertValid } from '../domain/refusal.ts'
import {
  appearanceFields,
  bookingPolicyFields,
  embedFields,
  languageFields,
  notificationFields,
  paymentSettingsFields,
  privacySettingsFields,
  type SettingsSection,
  settingsChangeSummary,
} from '../domain/settings-changes.ts'
import { logoView } from './logo-service.ts'

export type Settings = components['schemas']['Settings']
export type BookingPolicy = components['schemas']['BookingPolicy']
export type NotificationSettings = components['schemas']['NotificationSettings']
export type AppearanceSettings = components['schemas']['AppearanceSettings']
export type EmbedSettings = components['schemas']['EmbedSettings']
export type LanguageSettings = components['schemas']['LanguageSettings']
export type PaymentSettings = components['schemas']['PaymentSettings']
export type PrivacySettings = components['schemas']['PrivacySettings']

/** One section of the settings: its API fields and how they map to the row. */
interface Section<T extends Record<string, unknown>> {
  name: SettingsSection
  fields: readonly (keyof T & string)[]
  read(row: SettingsRow): T
  columns(input: T): SettingsValues
}

const bookingPolicy: Section<BookingPolicy> = {
  name: 'booking_policy',
  fields: bookingPolicyFields,
  read: (row) => ({
    min_notice_minutes: row.minNoticeMinutes,
    booking_window_days: row.bookingWindowDays,
    slot_interval_minutes: row.slotIntervalMinutes as BookingPolicy['slot_interval_minutes'],
    cancellation_cutoff_minutes: row.cancellationCutoffMinutes,
    reschedule_cutoff_minutes: row.rescheduleCutoffMinutes,
    team_member_choice: row.teamMemberChoice,
  }),
  columns: (input) => ({
    minNoticeMinutes: input.min_notice_minutes,
    bookingWindowDays: input.booking_window_days,
    slotIntervalMinutes: input.slot_interval_minutes,
    cancellationCutoffMinutes: input.cancellation_cutoff_minutes,
    rescheduleCutoffMinutes: input.reschedule_cutoff_minutes,
    teamMemberChoice: input.team_member_choice,
  }),
}

const notifications: Section<NotificationSettings> = {
  name: 'notifications',
  fields: notificationFields,
  read: (row) => ({
    confirmation_email: row.confirmationEmail,
    reminder_email: row.reminderEmail,
    reminder_lead_minutes: row.reminderLeadMinutes,
    notify_customer_on_staff_change: row.notifyCustomerOnStaffChange,
  }),
  // A client that predates the staff-change setting leaves it as it is.
  columns: (input) => ({
    confirmationEmail: input.confirmation_email,
    reminderEmail: input.reminder_email,
    reminderLeadMinutes: input.reminder_lead_minutes,
    ...(input.notify_customer_on_staff_change === undefined
      ? {}
      : { notifyCustomerOnStaffChange: input.notify_customer_on_staff_change }),
  }),
}

const appearance: Section<AppearanceSettings> = {
  name: 'appearance',
  fields: appearanceFields,
  read: (row) => ({ brand_color: row.brandColor, default_theme: row.defaultTheme }),
  // One spelling per colour, so "#FF0000" after "#ff0000" is not logged as a change.
  columns: (input) => ({
    brandColor: input.brand_color.toLowerCase(),
    defaultTheme: input.default_theme,
  }),
}

const embed: Section<EmbedSettings> = {
  name: 'embed',
  fields: embedFields,
  read: (row) => ({ embed_origins: row.embedOrigins, embed_any_origin: row.embedAnyOrigin }),
  // Callers pass origins already normalised by checkEmbedOrigins.
  columns: (input) => ({
    embedOrigins: input.embed_origins,
    embedAnyOrigin: input.embed_any_origin,
  }),
}

const language: Section<LanguageSettings> = {
  name: 'language',
  fields: languageFields,
  read: (row) => ({
    default_language: row.defaultLanguage,
    follow_visitor_language: row.followVisitorLanguage,
  }),
  columns: (input) => ({
    defaultLanguage: input.default_language,
    followVisitorLanguage: input.follow_visitor_language,
  }),
}

const paymentSettings: Section<PaymentSettings> = {
  name: 'payments',
  fields: paymentSettingsFields,
  read: (row) => ({ payment_hold_minutes: row.paymentHoldMinutes }),
  columns: (input) => ({ paymentHoldMinutes: input.payment_hold_minutes }),
}

const privacy: Section<PrivacySettings> = {
  name: 'privacy',
  fields: privacySettingsFields,
  read: (row) => ({ privacy_notice: row.privacyNotice }),
  // Blank text is no notice: the booking page shows the default rather than an empty page.
  columns: (input) => ({
    privacyNotice: input.privacy_notice?.trim() ? input.privacy_notice.trim() : null,
  }),
}

/** Booking policy, notifications, appearance, embed, language and payment settings of the member's business. */
export function createSettingsService(database: Database) {
  /** Replaces one section; records the changed fields, in the same transaction, if any. */
  function replace<T extends Record<string, unknown>>(
    member: Member,
    section: Section<T>,
    input: T,
  ): Promise<T> {
    return database.transaction(async (tx) => {
      const settings = createSettingsRepository(tx)
      const row = await settings.lock(member.tenantId)
      const before = section.read(row)
      const proposed = section.read({ ...row, ...section.columns(input) })
      const changes = changedFields(before, proposed, section.fields)
      if (changes.length === 0) return before
      const after = section.read(await settings.update(member.tenantId, section.columns(input)))
      await createActivityRepository(tx).record({
        tenantId: member.tenantId,
        actor: member.actor,
        entityType: 'settings',
        entityId: section.name,
        action: 'updated',
        summary: settingsChangeSummary(section.name, changes),
        changes,
      })
      return after
    })
  }

  return {
    async get(member: Member): Promise<Settings> {
      const [row, logo] = await Promise.all([
        createSettingsRepository(database.db).get(member.tenantId),
        createLogoRepository(database.db).summary(member.tenantId),
      ])
      return {
        booking_policy: bookingPolicy.read(row),
        notifications: notifications.read(row),
        appearance: appearance.read(row),
        logo: logo ? logoView(logo) : null,
        language: language.read(row),
      }
    },
    updateBookingPolicy: (member: Member, input: BookingPolicy) =>
      replace(member, bookingPolicy, input),
    updateNotifications: (member: Member, input: NotificationSettings) =>
      replace(member, notifications, input),
    updateAppearance: (member: Member, input: AppearanceSettings) =>
      replace(member, appearance, input),
    async getEmbed(member: Member): Promise<EmbedSettings> {
      return embed.read(await createSettingsRepository(database.db).get(member.tenantId))
    },
    /** Saves the origins in their normalised spelling; a bad one is a 400 naming its index. */
    updateEmbed(member: Member, input: EmbedSettings): Promise<EmbedSettings> {
      const checked = checkEmbedOrigins(input.embed_origins)
      if (!checked.ok) {
        assertValid(
          checked.errors.map(({ index, message }) => ({
            path: `body.embed_origins.${index}`,
            message,
          })),
        )
      }
      const origins = checked.ok ? checked.origins : []
      return replace(member, embed, { ...input, embed_origins: origins })
    },
    /**
     * The CSP `frame-ancestors` sources of a business's embed pages (see embedFrameAncestors),
     * for the page server; public, since any visitor's browser is told them anyway.
     */
    async frameAncestors(tenantId: string): Promise<string[]> {
      const row = await createSettingsRepository(database.db).get(tenantId)
      return embedFrameAncestors({ anyOrigin: row.embedAnyOrigin, origins: row.embedOrigins })
    },
    updateLanguage: (member: Member, input: LanguageSettings) => replace(member, language, input),
    async getPayments(member: Member): Promise<PaymentSettings> {
      return paymentSettings.read(await createSettingsRepository(database.db).get(member.tenantId))
    },
    updatePayments: (member: Member, input: PaymentSettings) =>
      replace(member, paymentSettings, input),
    async getPrivacy(member: Member): Promise<PrivacySettings> {
      return privacy.read(await createSettingsRepository(database.db).get(member.tenantId))
    },
    updatePrivacy: (member: Member, input: PrivacySettings) => replace(member, privacy, input),
  }
}
