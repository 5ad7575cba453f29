import type { operations } from '../../shared/contract/schema.d.ts'
import type { Member } from '../domain/member.ts'
import type { MemberAccess, Need, OperationAccess } from '../http/member-access.ts'
import type { OperationRequest } from '../http/operation-types.ts'

/** Members holding every capability named; with none named, any member of the business. */
const members = (...needs: Need[]): MemberAccess => ({ needs })
/** An appointment write: anyone's with 'appointments.write', else only in one's own column. */
const ownColumn = (what: string): MemberAccess => ({
  needs: [['appointments.writeOwn', what]],
  ownColumn: true,
})
const anyMember = members()

/**
 * Who may call each operation the contract secures with a bearer token, checked once for all
 * by `checkMemberAccess` before the handler runs. Where a rule depends on the record (staff
 * edit only themselves, only owners touch ownership), the operation is open to any member and
 * the service decides. A test holds this table to the contract: every bearer operation, and
 * nothing else.
 */
export const OPERATION_ACCESS = {
  // me: the token alone, before and while someone has a business
  getMe: 'identity',
  registerBusiness: 'identity',

  // public booking: a customer's own account, signed in with the booking page's Firebase
  listMyAppointments: 'identity',
  getMyCustomerProfile: 'identity',
  saveMyCustomerProfile: 'identity',

  // business
  getBusinessConfiguration: members(['business.read', "see the business's details"]),
  updateBusinessConfiguration: members(['business.write', "change the business's details"]),
  getSetupChecklist: members(['business.write', 'see the set-up checklist']),
  dismissSetupChecklist: members(['business.write', 'hide the set-up checklist']),

  // settings
  getSettings: members(['settings.read', 'see the settings']),
  updateBookingPolicy: members(['settings.write', 'change the booking policy']),
  updateNotificationSettings: members(['settings.write', 'change the notification settings']),
  getPaymentSettings: members(['payments.manage', 'see the payment settings']),
  updatePaymentSettings: members(['payments.manage', 'change the payment settings']),
  updateAppearanceSettings: members(['settings.write', 'change the appearance']),
  uploadLogo: members(['settings.write', 'change the logo']),
  deleteLogo: members(['settings.write', 'remove the logo']),
  getEmbedSettings: members(['settings.read', 'see the embed settings']),
  updateEmbedSettings: members(['settings.write', 'change the embed settings']),
  getPrivacySettings: members(['settings.read', 'see the privacy notice settings']),
  updatePrivacySettings: members(['settings.write', 'change the privacy notice']),
  updateLanguageSettings: members(['settings.write', 'change the language settings']),

  // activity
  listActivity: members(['activity.read', 'see the activity log']),
  getActivityEntry: members(['activity.read', 'see the activity log']),

  // services
  listServices: members(['services.read', 'see services']),
  getService: members(['services.read', 'see services']),
  createService: members(['services.write', 'add services']),
  updateService: members(['services.write', 'change services']),
  deleteService: members(['services.write', 'delete services']),

  // team: a member's own record, time off and access are the services' rules
  listTeamMembers: members(['team.read', 'see the team']),
  getTeamMember: members(['team.read', 'see the team']),
  createTeamMember: members(['team.write', 'add team members']),
  updateTeamMember: anyMember,
  deleteTeamMember: members(['team.write', 'remove team members']),
  createTimeOff: anyMember,
  deleteTimeOff: anyMember,
  removeTeamMemberAccess: anyMember,
  restoreTeamMemberAccess: anyMember,
  getTeamMemberCalendarFeed: anyMember,
  rotateTeamMemberCalendarFeed: anyMember,

  // calendars: a member's own, or anyone's for whoever may edit the team (the service decides)
  listCalendarConnections: anyMember,
  connectCalDavCalendar: anyMember,
  connectICalAddress: anyMember,
  startGoogleCalendarConnection: anyMember,
  updateCalendarConnection: anyMember,
  disconnectCalendarConnection: anyMember,
  syncCalendarConnection: anyMember,
  updateConnectedCalendar: anyMember,

  // customers
  listCustomers: members(['customers.read', 'see customers']),
  createCustomer: members(['customers.write', 'add customers']),
  exportCustomers: members(['customers.read', 'export customers']),
  importCustomers: members(['customers.import', 'import customers']),
  getCustomer: members(['customers.read', 'see customers']),
  updateCustomer: members(['customers.write', 'change customers']),
  deleteCustomer: members(['customers.delete', 'delete customers']),
  exportCustomerData: members(['customers.export', 'export a customer’s data']),
  eraseCustomer: members(['customers.delete', 'erase customers']),
  listCustomerAppointments: members(['customers.read', 'see customers']),
  getCustomerOverview: members(['customers.read', 'see customers']),
  listCustomerNotes: members(['customers.read', 'see customers']),
  addCustomerNote: members(['customers.write', 'add notes about customers']),
  deleteCustomerNote: members(['customers.write', 'delete notes about customers']),

  // scheduling
  getAvailability: members(['appointments.read', 'see availability']),
  getNextAvailableSlot: members(['appointments.read', 'see availability']),
  getSchedule: members(['appointments.read', 'see the schedule']),

  // appointments
  listAppointments: members(['appointments.read', 'see appointments']),
  getAppointment: members(['appointments.read', 'see appointments']),
  createAppointment: ownColumn('book appointments'),
  updateAppointment: ownColumn('change appointments'),
  undoAppointmentChange: ownColumn('change appointments'),
  cancelAppointment: ownColumn('cancel appointments'),
  decideCalendarChange: ownColumn('change appointments'),
  completeAppointment: ownColumn('close appointments'),
  markAppointmentNoShow: ownColumn('close appointments'),
  checkInAppointment: ownColumn('check customers in'),
  undoCheckIn: ownColumn('check customers in'),
  checkoutAppointment: ownColumn('check visits out'),
  acceptSubmittedDetails: members(
    ['appointments.read', 'see appointments'],
    ['customers.write', 'change customers'],
  ),
  getAppointmentPayments: members(['appointments.read', 'see appointments']),
  refundAppointmentPayment: members(['payments.refund', 'refund payments']),
  getDashboard: members(['appointments.read', 'see the dashboard']),

  // payments
  getPaymentAccount: members(['payments.manage', 'manage payments']),
  createPaymentOnboardingLink: members(['payments.manage', 'manage payments']),
  syncPaymentAccount: members(['payments.manage', 'manage payments']),
  listPayments: members(['payments.read', 'see payments']),
  exportPayments: members(['payments.read', 'see payments']),
  getNoShowFee: members(['appointments.read', 'see appointments']),
  chargeNoShowFee: ownColumn('charge no-show fees'),

  // insights
  getInsights: members(['insights.read', 'see insights']),
  exportInsights: members(['insights.read', 'see insights']),

  // billing
  listPlans: anyMember,
  getPlanUsage: members(['team.read', 'see the team']),
  getBilling: members(['billing.manage', 'manage billing']),
  createCheckoutSession: members(['billing.manage', 'manage billing']),
  syncCheckoutSession: members(['billing.manage', 'manage billing']),
  createPortalSession: members(['billing.manage', 'manage billing']),
} as const satisfies Partial<Record<keyof operations, OperationAccess>>

/** The operations whose handlers act as a member of a business. */
export type MemberOperation = {
  [K in keyof typeof OPERATION_ACCESS]: (typeof OPERATION_ACCESS)[K] extends 'identity' ? never : K
}[keyof typeof OPERATION_ACCESS]

/** A member operation's request, with the member the access check resolved and allowed. */
export type MemberRequest<K extends MemberOperation> = OperationRequest<K> & { member: Member }
