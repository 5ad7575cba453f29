/**
 * Who may do what in a business. Pure and shared: the server enforces it (403 problem+json),
 * the staff app imports the same table to hide what a role cannot do.
 *
 * owner: everything. admin: everything but billing and ownership. staff: read services and
 * the team, read and write customers, manage their own team-member profile, working hours
 * and time off, see every appointment and book or change their own.
 */
export type Permission = 'owner' | 'admin' | 'staff'

export type Capability =
  | 'services.read'
  | 'services.write'
  | 'customers.read'
  | 'customers.write'
  | 'customers.delete'
  /**
   * Everything stored about one customer in one file: their payments, e-mails and activity-log
   * entries too, which staff cannot read one by one. Owners and admins, like those. (Erasing a
   * customer is `customers.delete`: as final as deleting.)
   */
  | 'customers.export'
  /**
   * Importing a file of customers: thousands added or merged into existing records at once,
   * so owners and admins, like deleting.
   */
  | 'customers.import'
  | 'team.read'
  | 'team.write'
  /** Name, bio, time zone, working hours and time off of one's own team-member record. */
  | 'team.writeSelf'
  | 'settings.read'
  | 'settings.write'
  | 'business.read'
  | 'business.write'
  | 'activity.read'
  /** See every appointment of the business, the calendar, availability and the dashboard. */
  | 'appointments.read'
  /** Book, change, cancel and close appointments of any team member. */
  | 'appointments.write'
  /** Book, change, cancel and close appointments in one's own column only. */
  | 'appointments.writeOwn'
  | 'billing.manage'
  /** Connecting the business's own Stripe account, on which it takes payments at booking. */
  | 'payments.manage'
  /** Giving a customer's money back: refunding a payment of an appointment, whole or part. */
  | 'payments.refund'
  /**
   * The payments list and its CSV: every customer's money, for the books. Owners and admins,
   * like the activity log; staff see an appointment's payment state on the appointment itself.
   */
  | 'payments.read'
  /**
   * The Insights screen: revenue, every member's utilisation, clients. The business's books at
   * a glance, so owners and admins, like the payments list.
   */
  | 'insights.read'
  /** Making someone an owner, or changing or removing an owner. */
  | 'ownership.manage'

const staffCapabilities: readonly Capability[] = [
  'services.read',
  'customers.read',
  'customers.write',
  'team.read',
  'team.writeSelf',
  'business.read',
  'appointments.read',
  'appointments.writeOwn',
]

const adminCapabilities: readonly Capability[] = [
  ...staffCapabilities,
  'services.write',
  'customers.delete',
  'customers.export',
  'customers.import',
  'team.write',
  'settings.read',
  'settings.write',
  'business.write',
  'activity.read',
  'appointments.write',
  'payments.refund',
  'payments.read',
  'insights.read',
]

const ownerCapabilities: readonly Capability[] = [
  ...adminCapabilities,
  'billing.manage',
  'payments.manage',
  'ownership.manage',
]

const capabilities: Record<Permission, ReadonlySet<Capability>> = {
  owner: new Set(ownerCapabilities),
  admin: new Set(adminCapabilities),
  staff: new Set(staffCapabilities),
}

export function can(permission: Permission, capability: Capability): boolean {
  return capabilities[permission].has(capability)
}

/** Fields of their own team-member record a staff member may change. */
export const selfEditableTeamMemberFields = ['name', 'bio', 'time_zone', 'working_hours'] as const
