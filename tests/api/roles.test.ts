import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { appointments } from '../../server/db/schema.ts'
import { type Capability, can, type Permission } from '../../shared/permissions.ts'
import type { EmulatorUser } from '../support/api/emulator-users.ts'
import { callAs } from '../support/api/team-access.ts'
import { type Business, createBusiness } from '../support/api/team-business.ts'
import { createTestApp, type TestApp } from '../support/api/test-app.ts'
import { inMemoryCalendarSyncJobs } from '../support/calendar-sync/in-memory-sync-app.ts'
import { deletedOutside } from '../support/calendar-sync/outside-change.ts'

// Every issue-3 and issue-4 operation × owner, admin and staff: allowed (its success status) or 403,
// exactly as shared/permissions.ts says. Fixtures are made by the owner per call, so a
// refused call and an allowed one start from the same state.

let testApp: TestApp
let business: Business

beforeAll(async () => {
  // Calendar connections reach a provider held in memory, so their operations can succeed.
  testApp = await createTestApp({ jobs: inMemoryCalendarSyncJobs('roles') })
  business = await createBusiness(testApp, 'Rhea')
})
afterAll(() => testApp?.close())

const roles: Permission[] = ['owner', 'admin', 'staff']
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
interface Call {
  method: Method
  url: string
  body?: object
}

interface Case {
  operationId: string
  /** What the case is about when one operation has several (self, someone else, ownership). */
  variant?: string
  capability: Capability
  allowed: Permission[]
  success: 200 | 201 | 204
  /** The call the role makes; may create what it needs first, as the owner. */
  call(role: Permission): Promise<Call>
}

const userOf = (role: Permission): EmulatorUser => business[role]
const memberIdOf = (role: Permission): string =>
  ({ owner: business.ownerMemberId, admin: business.adminMemberId, staff: business.staffMemberId })[
    role
  ]

async function asOwner(method: Method, url: string, body?: object) {
  const response = await callAs(testApp, business.owner)(method, url, body)
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`)
  return response.statusCode === 204 ? undefined : response.json<{ id: string }>()
}

const newService = async () =>
  (
    await asOwner('POST', '/api/v1/services', {
      name: 'Trim',
      duration_minutes: 30,
      price_minor: 2000,
    })
  )?.id
const newCustomer = async () =>
  (await asOwner('POST', '/api/v1/customers', { name: 'Cal Customer' }))?.id
const newTeamMember = async (permission: Permission = 'staff') =>
  (await asOwner('POST', '/api/v1/team-members', { name: 'Tess Team', permission }))?.id
const invitedTeamMember = async (permission: Permission) =>
  (
    await asOwner('POST', '/api/v1/team-members', {
      name: 'Ivy Invited',
      email: `ivy-${randomUUID()}@example.com`,
      permission,
    })
  )?.id
const timeOff = { start_date: '2031-07-01', end_date: '2031-07-14', reason: 'Summer' }
const newTimeOff = async (teamMemberId: string) =>
  (await asOwner('POST', `/api/v1/team-members/${teamMemberId}/time-off`, timeOff))?.id

const bookingPolicy = {
  min_notice_minutes: 60,
  booking_window_days: 30,
  slot_interval_minutes: 15,
  cancellation_cutoff_minutes: 720,
  reschedule_cutoff_minutes: 720,
  team_member_choice: 'both',
}

const all: Permission[] = ['owner', 'admin', 'staff']
const managers: Permission[] = ['owner', 'admin']
const owners: Permission[] = ['owner']

// Appointments: one service every role performs; each booking gets an hour of its own (with
// the working-hours override, so no weekday or hour matters) and can never clash.
let bookableService: string | undefined
const sharedService = async () => {
  bookableService ??= (
    await asOwner('POST', '/api/v1/services', {
      name: 'Consultation',
      duration_minutes: 30,
      price_minor: 0,
      team_member_ids: [business.ownerMemberId, business.adminMemberId, business.staffMemberId],
    })
  )?.id
  return bookableService as string
}
let hoursAhead = 48
const nextHour = () => new Date(Date.now() + hoursAhead++ * 3_600_000).toISOString()
const someoneElseOf = (role: Permission) =>
  role === 'staff' ? business.ownerMemberId : business.staffMemberId
const newBooking = async (
  teamMemberId: string,
): Promise<{ method: Method; url: string; body: object }> => ({
  method: 'POST',
  url: '/api/v1/appointments',
  body: {
    service_id: await sharedService(),
    customer_id: await newCustomer(),
    team_member_id: teamMemberId,
    starts_at: nextHour(),
    override_working_hours: true,
  },
})
const newAppointment = async (teamMemberId: string) => {
  const { method, url, body } = await newBooking(teamMemberId)
  return (await asOwner(method, url, body))?.id
}
/** An appointment that started an hour ago, written directly (the API books only the future). */
const startedAppointment = async (teamMemberId: string) => {
  const id = randomUUID()
  const startsAt = new Date(Date.now() - hoursAhead++ * 3_600_000)
  const endsAt = new Date(startsAt.getTime() + 30 * 60_000)
  await testApp.database.db.insert(appointments).values({
    id,
    tenantId: business.tenantId,
    serviceId: await sharedService(),
    teamMemberId,
    customerId: (await newCustomer()) as string,
    startsAt,
    endsAt,
    priceMinor: 0,
    currency: 'USD',
    source: 'staff',
    busyFrom: startsAt,
    busyUntil: endsAt,
    seatGroup: id,
  })
  return id
}
/** An appointment whose visitor typed another name than the record's (as an online booking). */
const onlineBooking = async () => {
  const id = (await newAppointment(business.ownerMemberId)) as string
  await testApp.database.db
    .update(appointments)
    .set({ source: 'public', submittedName: 'Typed Online', submittedNotes: '' })
    .where(eq(appointments.id, id))
  return id
}
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
const ownOrElse = (variant: 'their own' | 'someone else') => ({
  variant,
  capability: (variant === 'their own'
    ? 'appointments.writeOwn'
    : 'appointments.write') as Capability,
  allowed: variant === 'their own' ? all : managers,
  memberOf: (role: Permission) =>
    variant === 'their own' ? memberIdOf(role) : someoneElseOf(role),
})

const cases: Case[] = [
  // services
  {
    operationId: 'listServices',
    capability: 'services.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/services' }),
  },
  {
    operationId: 'getService',
    capability: 'services.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/services/${await newService()}` }),
  },
  {
    operationId: 'createService',
    capability: 'services.write',
    allowed: managers,
    success: 201,
    call: async () => ({
      method: 'POST',
      url: '/api/v1/services',
      body: { name: 'Colour', duration_minutes: 60, price_minor: 5000 },
    }),
  },
  {
    operationId: 'updateService',
    capability: 'services.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PATCH',
      url: `/api/v1/services/${await newService()}`,
      body: { price_minor: 2500 },
    }),
  },
  {
    operationId: 'deleteService',
    capability: 'services.write',
    allowed: managers,
    success: 204,
    call: async () => ({ method: 'DELETE', url: `/api/v1/services/${await newService()}` }),
  },
  // customers
  {
    operationId: 'listCustomers',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/customers' }),
  },
  {
    operationId: 'exportCustomers',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/customers/export' }),
  },
  {
    operationId: 'createCustomer',
    capability: 'customers.write',
    allowed: all,
    success: 201,
    call: async () => ({ method: 'POST', url: '/api/v1/customers', body: { name: 'Walk In' } }),
  },
  {
    operationId: 'getCustomer',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/customers/${await newCustomer()}` }),
  },
  {
    operationId: 'getCustomerOverview',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/customers/${await newCustomer()}/overview` }),
  },
  {
    operationId: 'listCustomerNotes',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/customers/${await newCustomer()}/notes` }),
  },
  {
    operationId: 'addCustomerNote',
    capability: 'customers.write',
    allowed: all,
    success: 201,
    call: async () => ({
      method: 'POST',
      url: `/api/v1/customers/${await newCustomer()}/notes`,
      body: { text: 'Prefers mornings' },
    }),
  },
  {
    operationId: 'updateCustomer',
    capability: 'customers.write',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'PATCH',
      url: `/api/v1/customers/${await newCustomer()}`,
      body: { notes: 'Called back' },
    }),
  },
  {
    operationId: 'deleteCustomer',
    capability: 'customers.delete',
    allowed: managers,
    success: 204,
    call: async () => ({ method: 'DELETE', url: `/api/v1/customers/${await newCustomer()}` }),
  },
  {
    operationId: 'exportCustomerData',
    capability: 'customers.export',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/customers/${await newCustomer()}/export` }),
  },
  {
    operationId: 'importCustomers',
    capability: 'customers.import',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'POST',
      url: '/api/v1/customers/import',
      body: { dry_run: true, on_duplicate: 'skip', rows: [{ row: 2, name: 'Imported Person' }] },
    }),
  },
  {
    operationId: 'eraseCustomer',
    capability: 'customers.delete',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'POST',
      url: `/api/v1/customers/${await newCustomer()}/erase`,
      body: { confirm_name: 'Cal Customer' },
    }),
  },
  {
    operationId: 'listCustomerAppointments',
    capability: 'customers.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/customers/${await newCustomer()}/appointments`,
    }),
  },
  // team
  {
    operationId: 'listTeamMembers',
    capability: 'team.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/team-members' }),
  },
  {
    operationId: 'getTeamMember',
    capability: 'team.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: `/api/v1/team-members/${business.ownerMemberId}` }),
  },
  {
    operationId: 'createTeamMember',
    capability: 'team.write',
    allowed: managers,
    success: 201,
    call: async () => ({ method: 'POST', url: '/api/v1/team-members', body: { name: 'New Hire' } }),
  },
  {
    operationId: 'createTeamMember',
    variant: 'as an owner',
    capability: 'ownership.manage',
    allowed: owners,
    success: 201,
    call: async () => ({
      method: 'POST',
      url: '/api/v1/team-members',
      body: { name: 'Co Owner', permission: 'owner' },
    }),
  },
  {
    operationId: 'updateTeamMember',
    variant: 'someone else',
    capability: 'team.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PATCH',
      url: `/api/v1/team-members/${await newTeamMember()}`,
      body: { bio: 'Colour specialist' },
    }),
  },
  {
    operationId: 'updateTeamMember',
    variant: 'their own profile',
    capability: 'team.writeSelf',
    allowed: all,
    success: 200,
    call: async (role) => ({
      method: 'PATCH',
      url: `/api/v1/team-members/${memberIdOf(role)}`,
      body: { bio: `Updated by the ${role} at ${Date.now()}` },
    }),
  },
  {
    operationId: 'updateTeamMember',
    variant: 'making an owner',
    capability: 'ownership.manage',
    allowed: owners,
    success: 200,
    call: async () => ({
      method: 'PATCH',
      url: `/api/v1/team-members/${await newTeamMember()}`,
      body: { permission: 'owner' },
    }),
  },
  ...(['getTeamMemberCalendarFeed', 'rotateTeamMemberCalendarFeed'] as const).flatMap(
    (operationId): Case[] => {
      const method = operationId === 'getTeamMemberCalendarFeed' ? 'GET' : 'POST'
      return [
        {
          operationId,
          variant: 'someone else',
          capability: 'team.write',
          allowed: managers,
          success: 200,
          call: async () => ({
            method,
            url: `/api/v1/team-members/${await newTeamMember()}/calendar-feed`,
          }),
        },
        {
          operationId,
          variant: 'their own feed',
          capability: 'team.writeSelf',
          allowed: all,
          success: 200,
          call: async (role) => ({
            method,
            url: `/api/v1/team-members/${memberIdOf(role)}/calendar-feed`,
          }),
        },
      ]
    },
  ),
  {
    operationId: 'deleteTeamMember',
    capability: 'team.write',
    allowed: managers,
    success: 204,
    call: async () => ({ method: 'DELETE', url: `/api/v1/team-members/${await newTeamMember()}` }),
  },
  {
    operationId: 'deleteTeamMember',
    variant: 'an owner',
    capability: 'ownership.manage',
    allowed: owners,
    success: 204,
    call: async () => ({
      method: 'DELETE',
      url: `/api/v1/team-members/${await newTeamMember('owner')}`,
    }),
  },
  ...(['removeTeamMemberAccess', 'restoreTeamMemberAccess'] as const).flatMap(
    (operationId): Case[] => {
      const method = operationId === 'removeTeamMemberAccess' ? 'DELETE' : 'PUT'
      // An invitation to withdraw, or one already withdrawn to open again.
      const target = async (permission: Permission) => {
        const id = await invitedTeamMember(permission)
        if (operationId === 'restoreTeamMemberAccess') {
          await asOwner('DELETE', `/api/v1/team-members/${id}/access`)
        }
        return `/api/v1/team-members/${id}/access`
      }
      return [
        {
          operationId,
          capability: 'team.write',
          allowed: managers,
          success: 200,
          call: async () => ({ method, url: await target('staff') }),
        },
        {
          operationId,
          variant: 'an owner',
          capability: 'ownership.manage',
          allowed: owners,
          success: 200,
          call: async () => ({ method, url: await target('owner') }),
        },
      ]
    },
  ),
  {
    operationId: 'createTimeOff',
    variant: 'someone else',
    capability: 'team.write',
    allowed: managers,
    success: 201,
    call: async () => ({
      method: 'POST',
      url: `/api/v1/team-members/${await newTeamMember()}/time-off`,
      body: timeOff,
    }),
  },
  {
    operationId: 'createTimeOff',
    variant: 'their own',
    capability: 'team.writeSelf',
    allowed: all,
    success: 201,
    call: async (role) => ({
      method: 'POST',
      url: `/api/v1/team-members/${memberIdOf(role)}/time-off`,
      body: timeOff,
    }),
  },
  {
    operationId: 'deleteTimeOff',
    variant: 'someone else',
    capability: 'team.write',
    allowed: managers,
    success: 204,
    call: async () => {
      const id = await newTeamMember()
      return {
        method: 'DELETE',
        url: `/api/v1/team-members/${id}/time-off/${await newTimeOff(id ?? '')}`,
      }
    },
  },
  {
    operationId: 'deleteTimeOff',
    variant: 'their own',
    capability: 'team.writeSelf',
    allowed: all,
    success: 204,
    call: async (role) => ({
      method: 'DELETE',
      url: `/api/v1/team-members/${memberIdOf(role)}/time-off/${await newTimeOff(memberIdOf(role))}`,
    }),
  },
  // settings
  {
    operationId: 'getSettings',
    capability: 'settings.read',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/settings' }),
  },
  {
    operationId: 'updateBookingPolicy',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async (role) => ({
      method: 'PUT',
      url: '/api/v1/settings/booking-policy',
      body: { ...bookingPolicy, min_notice_minutes: roles.indexOf(role) * 30 },
    }),
  },
  {
    operationId: 'getPaymentSettings',
    capability: 'payments.manage',
    allowed: owners,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/settings/payments' }),
  },
  {
    operationId: 'updatePaymentSettings',
    capability: 'payments.manage',
    allowed: owners,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/payments',
      body: { payment_hold_minutes: 15 },
    }),
  },
  {
    operationId: 'updateNotificationSettings',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/notifications',
      body: { confirmation_email: true, reminder_email: false, reminder_lead_minutes: 60 },
    }),
  },
  {
    operationId: 'updateAppearanceSettings',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/appearance',
      body: { brand_color: '#123456', default_theme: 'dark' },
    }),
  },
  {
    operationId: 'getEmbedSettings',
    capability: 'settings.read',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/settings/embed' }),
  },
  {
    operationId: 'updateEmbedSettings',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/embed',
      body: { embed_origins: ['https://www.example.com'], embed_any_origin: false },
    }),
  },
  {
    operationId: 'getPrivacySettings',
    capability: 'settings.read',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/settings/privacy' }),
  },
  {
    operationId: 'updatePrivacySettings',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/privacy',
      body: { privacy_notice: 'We keep your booking details to run your appointments.' },
    }),
  },
  {
    operationId: 'updateLanguageSettings',
    capability: 'settings.write',
    allowed: managers,
    success: 200,
    call: async () => ({
      method: 'PUT',
      url: '/api/v1/settings/language',
      body: { default_language: 'de', follow_visitor_language: false },
    }),
  },
  {
    operationId: 'deleteLogo',
    capability: 'settings.write',
    allowed: managers,
    success: 204,
    call: async () => ({ method: 'DELETE', url: '/api/v1/settings/appearance/logo' }),
  },
  // business
  {
    operationId: 'getBusinessConfiguration',
    capability: 'business.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/business-configuration' }),
  },
  {
    operationId: 'updateBusinessConfiguration',
    capability: 'business.write',
    allowed: managers,
    success: 200,
    call: async (role) => {
      const current = await callAs(testApp, business.owner)('GET', '/api/v1/business-configuration')
      return {
        method: 'PUT',
        url: '/api/v1/business-configuration',
        body: { ...current.json(), address: `Street ${role}` },
      }
    },
  },
  // activity
  {
    operationId: 'listActivity',
    capability: 'activity.read',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/activity-log' }),
  },
  {
    operationId: 'getActivityEntry',
    capability: 'activity.read',
    allowed: managers,
    success: 200,
    call: async () => {
      const page = await callAs(testApp, business.owner)('GET', '/api/v1/activity-log?limit=1')
      return { method: 'GET', url: `/api/v1/activity-log/${page.json().items[0].id}` }
    },
  },
  // scheduling
  {
    operationId: 'getAvailability',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/availability?service_id=${await sharedService()}&start_date=${inAWeek()}&end_date=${inAWeek()}`,
    }),
  },
  {
    operationId: 'getNextAvailableSlot',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/availability/next?service_id=${await sharedService()}`,
    }),
  },
  {
    operationId: 'getSchedule',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/schedule?start_date=${inAWeek()}&end_date=${inAWeek()}`,
    }),
  },
  // appointments
  {
    operationId: 'listAppointments',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/appointments?from=${new Date().toISOString()}&to=${nextHour()}`,
    }),
  },
  {
    operationId: 'getAppointment',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/appointments/${await newAppointment(business.staffMemberId)}`,
    }),
  },
  {
    operationId: 'getSetupChecklist',
    capability: 'business.write',
    allowed: managers,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/setup-checklist' }),
  },
  {
    operationId: 'dismissSetupChecklist',
    capability: 'business.write',
    allowed: managers,
    success: 204,
    call: async () => ({ method: 'PUT', url: '/api/v1/setup-checklist/dismissal' }),
  },
  {
    operationId: 'getDashboard',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({ method: 'GET', url: '/api/v1/dashboard' }),
  },
  {
    // An appointment's payments are part of seeing it (a free booking has none).
    operationId: 'getAppointmentPayments',
    capability: 'appointments.read',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'GET',
      url: `/api/v1/appointments/${await newAppointment(business.staffMemberId)}/payments`,
    }),
  },
  {
    // Copying typed details into the record is a change of the customer, in anyone's column.
    operationId: 'acceptSubmittedDetails',
    capability: 'customers.write',
    allowed: all,
    success: 200,
    call: async () => ({
      method: 'POST',
      url: `/api/v1/appointments/${await onlineBooking()}/submitted-details/accept`,
      body: { fields: ['name'] },
    }),
  },
  ...(['their own', 'someone else'] as const).flatMap((variant): Case[] => {
    const { memberOf, ...access } = ownOrElse(variant)
    return [
      {
        operationId: 'createAppointment',
        ...access,
        success: 201,
        call: async (role) => newBooking(memberOf(role)),
      },
      {
        operationId: 'updateAppointment',
        ...access,
        success: 200,
        call: async (role) => ({
          method: 'PATCH',
          url: `/api/v1/appointments/${await newAppointment(memberOf(role))}`,
          body: { notes: `Changed by the ${role}` },
        }),
      },
      {
        // Taking back a move is a change of the appointment, held like the move itself.
        operationId: 'undoAppointmentChange',
        ...access,
        success: 200,
        call: async (role) => {
          const id = await newAppointment(memberOf(role))
          const moved = (await asOwner('PATCH', `/api/v1/appointments/${id}`, {
            starts_at: nextHour(),
            override_working_hours: true,
          })) as { change_id?: string | null } | undefined
          return {
            method: 'POST',
            url: `/api/v1/appointments/${id}/undo-change`,
            body: { change_id: moved?.change_id },
          }
        },
      },
      {
        // Deciding on a change made in the member's own calendar is a change of the appointment.
        operationId: 'decideCalendarChange',
        ...access,
        success: 200,
        call: async (role) => {
          const teamMemberId = memberOf(role)
          const id = (await newAppointment(teamMemberId)) as string
          await deletedOutside(testApp.database.db, {
            tenantId: business.tenantId,
            teamMemberId,
            id,
          })
          return {
            method: 'POST',
            url: `/api/v1/appointments/${id}/calendar-change`,
            body: { decision: 'keep' },
          }
        },
      },
      {
        operationId: 'cancelAppointment',
        ...access,
        success: 200,
        call: async (role) => ({
          method: 'POST',
          url: `/api/v1/appointments/${await newAppointment(memberOf(role))}/cancel`,
          body: { reason: 'Called off' },
        }),
      },
      {
        operationId: 'completeAppointment',
        ...access,
        success: 200,
        call: async (role) => ({
          method: 'POST',
          url: `/api/v1/appointments/${await startedAppointment(memberOf(role))}/complete`,
        }),
      },
      {
        operationId: 'checkInAppointment',
        ...access,
        success: 200,
        call: async (role) => ({
          method: 'POST',
          url: `/api/v1/appointments/${await newAppointment(memberOf(role))}/check-in`,
        }),
      },
      {
        operationId: 'undoCheckIn',
        ...access,
        success: 200,
        call: async (role) => {
          const id = await newAppointment(memberOf(role))
          await asOwner('POST', `/api/v1/appointments/${id}/check-in`)
          return { method: 'DELETE', url: `/api/v1/appointments/${id}/check-in` }
        },
      },
      {
        operationId: 'checkoutAppointment',
        ...access,
        success: 201,
        call: async (role) => ({
          method: 'POST',
          url: `/api/v1/appointments/${await startedAppointment(memberOf(role))}/checkout`,
          body: { tip_minor: 0, send_receipt: false },
        }),
      },
      {
        operationId: 'markAppointmentNoShow',
        ...access,
        success: 200,
        call: async (role) => ({
          method: 'POST',
          url: `/api/v1/appointments/${await startedAppointment(memberOf(role))}/no-show`,
        }),
      },
    ]
  }),
]

/** A connection of the member's, made by the owner, with its one calendar. */
async function newConnection(teamMemberId: string) {
  const made = (await asOwner(
    'POST',
    `/api/v1/team-members/${teamMemberId}/calendar-connections/ical-url`,
    { url: 'https://calendar.example.com/secret.ics' },
  )) as { id: string; calendars: { id: string }[] }
  return { id: made.id, calendarId: made.calendars[0]?.id ?? '' }
}

/** Each calendars operation on someone else's calendars (owners, admins) and on one's own (all). */
const calendarCases: Case[] = (
  [
    ['listCalendarConnections', 200, async (base: string) => ({ method: 'GET', url: base })],
    [
      'connectCalDavCalendar',
      201,
      async (base: string) => ({
        method: 'POST',
        url: `${base}/caldav`,
        body: { server_url: 'https://caldav.example.com', username: 'u', password: 'p' },
      }),
    ],
    [
      'connectICalAddress',
      201,
      async (base: string) => ({
        method: 'POST',
        url: `${base}/ical-url`,
        body: { url: 'https://calendar.example.com/other.ics' },
      }),
    ],
    [
      'startGoogleCalendarConnection',
      200,
      async (base: string) => ({ method: 'POST', url: `${base}/google` }),
    ],
    [
      'updateCalendarConnection',
      200,
      async (base: string, id: string) => ({
        method: 'PATCH',
        url: `${base}/${(await newConnection(id)).id}`,
        body: { privacy: 'details' },
      }),
    ],
    [
      'disconnectCalendarConnection',
      204,
      async (base: string, id: string) => ({
        method: 'DELETE',
        url: `${base}/${(await newConnection(id)).id}`,
      }),
    ],
    [
      'syncCalendarConnection',
      200,
      async (base: string, id: string) => ({
        method: 'POST',
        url: `${base}/${(await newConnection(id)).id}/sync`,
      }),
    ],
    [
      'updateConnectedCalendar',
      200,
      async (base: string, id: string) => {
        const connection = await newConnection(id)
        return {
          method: 'PATCH',
          url: `${base}/${connection.id}/calendars/${connection.calendarId}`,
          body: { check_conflicts: false },
        }
      },
    ],
  ] as const
).flatMap(([operationId, success, request]): Case[] => {
  const on = async (teamMemberId: string) =>
    (await request(
      `/api/v1/team-members/${teamMemberId}/calendar-connections`,
      teamMemberId,
    )) as Call
  return [
    {
      operationId,
      variant: 'someone else',
      capability: 'team.write',
      allowed: managers,
      success,
      call: async () => on((await newTeamMember()) as string),
    },
    {
      operationId,
      variant: 'their own calendars',
      capability: 'team.writeSelf',
      allowed: all,
      success,
      call: async (role) => on(memberIdOf(role)),
    },
  ]
})

const coveredTags = new Set([
  'calendars',
  'services',
  'customers',
  'team',
  'settings',
  'business',
  'activity',
  'scheduling',
  'appointments',
])

/** Operations whose body this table cannot send, with the suite that checks each role instead. */
const rolesTestedElsewhere: Record<string, string> = {
  uploadLogo: 'tests/api/business-identity.test.ts (the body is an image file, not JSON)',
  refundAppointmentPayment:
    'tests/api/payment-refunds.test.ts (it needs a paid appointment on the local Stripe service)',
  deleteCustomerNote:
    'tests/api/customer-profile.test.ts (who may delete turns on who wrote the note, not on the role alone)',
  googleCalendarCallback:
    'tests/api/calendar-connections-google.test.ts (no bearer token: the signed state names the user)',
}

it('covers every operation of the issue-3 and issue-4 tags in the contract', () => {
  const contract = parse(
    readFileSync(new URL('../../openapi/openapi.yaml', import.meta.url), 'utf8'),
  )
  const operationIds: string[] = []
  for (const pathItem of Object.values(contract.paths) as Record<
    string,
    { operationId?: string; tags?: string[] }
  >[]) {
    for (const operation of Object.values(pathItem)) {
      if (operation?.operationId && operation.tags?.some((tag) => coveredTags.has(tag))) {
        operationIds.push(operation.operationId)
      }
    }
  }
  const covered = [
    ...[...cases, ...calendarCases].map((entry) => entry.operationId),
    ...Object.keys(rolesTestedElsewhere),
  ]
  expect(new Set(covered)).toEqual(new Set(operationIds))
  expect(operationIds).toHaveLength(77)
})

describe.each([...cases, ...calendarCases])('$operationId $variant', (entry) => {
  it('expects what shared/permissions.ts grants', () => {
    expect(entry.allowed).toEqual(roles.filter((role) => can(role, entry.capability)))
  })

  it.each(roles)('as %s', async (role) => {
    const { method, url, body } = await entry.call(role)
    const response = await callAs(testApp, userOf(role))(method, url, body)
    if (entry.allowed.includes(role)) {
      expect(response.statusCode, response.body).toBe(entry.success)
    } else {
      expect(response.statusCode, response.body).toBe(403)
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(response.json()).toMatchObject({ status: 403, title: 'Forbidden' })
    }
  })
})
