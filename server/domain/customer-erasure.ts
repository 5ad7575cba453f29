import type { ActivityChange } from './activity-changes.ts'

/** What an erased customer is called from then on: in lists, the calendar and the log. */
export const ERASED_CUSTOMER_NAME = 'Erased customer'

/** What an erased value reads as where the activity log keeps the shape of a change. */
export const ERASED_VALUE = '[erased]'

/**
 * How each column of a table that holds something about a customer is treated:
 * - `export`: in the customer's export, kept by an erase (not personal: ids, times, money);
 * - `erase`: in the export, and cleared or replaced by an erase;
 * - `internal`: bookkeeping of the app (busy ranges, counters), neither personal nor exported;
 * - `rows`: the customer's rows are in the export and deleted by an erase.
 */
export type ColumnHandling = 'export' | 'erase' | 'internal' | 'rows'

/**
 * Every table that stores something about a customer, column by column, as the export and the
 * erase treat it. `tests/unit/customer-data-coverage.test.ts` holds this to `server/db/schema.ts`:
 * a new column in one of these tables, or a new table with a customer-like column, fails it
 * until it is placed here (and, when personal, exported and erased).
 */
export const customerDataColumns = {
  customers: {
    id: 'export',
    tenant_id: 'internal',
    name: 'erase',
    email: 'erase',
    phone: 'erase',
    notes: 'erase',
    tags: 'erase',
    time_zone: 'erase',
    marketing_consent: 'erase',
    erased_at: 'export',
    created_at: 'export',
    updated_at: 'export',
  },
  appointments: {
    id: 'export',
    tenant_id: 'internal',
    service_id: 'export',
    team_member_id: 'export',
    customer_id: 'export',
    starts_at: 'export',
    ends_at: 'export',
    status: 'export',
    notes: 'erase',
    price_minor: 'export',
    currency: 'export',
    source: 'export',
    created_by: 'internal',
    cancel_reason: 'erase',
    cancelled_at: 'export',
    buffer_before_minutes: 'internal',
    buffer_after_minutes: 'internal',
    busy_from: 'internal',
    busy_until: 'internal',
    seat_group: 'internal',
    outside_working_hours: 'internal',
    ics_sequence: 'internal',
    customer_time_zone: 'erase',
    submitted_name: 'erase',
    submitted_email: 'erase',
    submitted_phone: 'erase',
    submitted_notes: 'erase',
    booking_answers: 'erase',
    customer_language: 'erase',
    reminder_queued_at: 'internal',
    hold_expires_at: 'export',
    checked_in_at: 'export',
    created_at: 'export',
    updated_at: 'export',
  },
  // The team's dated notes about the customer: personal through and through.
  customer_notes: {
    id: 'rows',
    tenant_id: 'internal',
    customer_id: 'rows',
    text: 'rows',
    author_uid: 'internal',
    author_name: 'rows',
    created_at: 'rows',
  },
  payments: {
    id: 'export',
    tenant_id: 'internal',
    appointment_id: 'export',
    kind: 'export',
    status: 'export',
    amount_minor: 'export',
    refunded_amount_minor: 'export',
    currency: 'export',
    // The account, Checkout and PaymentIntent ids are the business's books: what a refund,
    // a dispute or an accountant reconciles against. They name no person by themselves.
    stripe_account_id: 'export',
    method: 'export',
    stripe_checkout_session_id: 'export',
    stripe_payment_intent_id: 'export',
    // The Stripe customer and saved card point at the person; an erased customer is never
    // charged again, so they go.
    stripe_customer_id: 'erase',
    stripe_payment_method_id: 'erase',
    failure_message: 'erase',
    paid_at: 'export',
    created_at: 'export',
    updated_at: 'export',
  },
  payment_refunds: {
    id: 'export',
    tenant_id: 'internal',
    payment_id: 'export',
    amount_minor: 'export',
    reason: 'erase',
    cause: 'export',
    actor_uid: 'internal',
    actor_name: 'export',
    stripe_refund_id: 'export',
    created_at: 'export',
  },
  notification_outbox: {
    id: 'rows',
    tenant_id: 'internal',
    appointment_id: 'rows',
    kind: 'rows',
    recipient: 'rows',
    to_address: 'rows',
    subject: 'rows',
    body_text: 'rows',
    ics: 'internal',
    status: 'rows',
    attempts: 'internal',
    next_attempt_at: 'internal',
    sent_at: 'rows',
    last_error: 'internal',
    change_id: 'internal',
    created_at: 'rows',
  },
  activity_log: {
    id: 'export',
    tenant_id: 'internal',
    occurred_at: 'export',
    actor_uid: 'internal',
    actor_name: 'export',
    actor_email: 'internal',
    entity_type: 'export',
    entity_id: 'export',
    action: 'export',
    summary: 'erase',
    changes: 'erase',
  },
  idempotency_keys: {
    // A public booking's stored answer repeats what the visitor typed; kept for a day, so it
    // is not exported, only deleted with the customer's data.
    tenant_id: 'internal',
    scope: 'rows',
    key: 'rows',
    request_hash: 'rows',
    status_code: 'rows',
    response: 'rows',
    created_at: 'rows',
  },
} as const satisfies Record<string, Record<string, ColumnHandling>>

/**
 * Tables that hold nothing about a customer, with the reason. A table missing from both lists
 * fails the coverage test only if it has a column that looks personal (see the test).
 */
export const tablesWithoutCustomerData: Record<string, string> = {
  plans: 'the plans a business can buy',
  tenants: 'the business itself',
  users: 'staff sign-ins, not customers',
  memberships: 'staff in a business',
  services: 'the catalogue',
  team_members: 'staff',
  tenant_settings: 'the business’s settings',
  service_team_members: 'who performs what',
  time_off: 'staff time off',
  billing_accounts: 'the business’s own subscription (its Stripe customer is the business)',
  stripe_events: 'event ids and types only, no payloads',
  tenant_logos: 'the business’s logo',
  team_member_slug_redirects: 'staff profile links',
  tenant_slug_redirects: 'the business’s old links',
  payment_accounts: 'the business’s connected Stripe account',
  appointment_checkouts:
    'what a visit came to at the till (service, extras sold, discount, tip): the business’s sales; the money taken is a payment, exported and kept with the customer’s',
  appointment_changes:
    'where a staff move or resize found an appointment (start, end, member, buffers), to take it back; deleted with the appointment',
  rate_limit_counts:
    'public request counts under hashed keys (an address or an e-mail), gone within the hour',
  rate_limit_hits:
    'public request times under hashed keys (an address or an e-mail), gone within the hour',
  calendar_connections: 'a team member’s calendar accounts (their credentials sealed)',
  connected_calendars: 'the calendars a team member chose to sync',
  external_events: 'the events of a team member’s own calendars',
  external_busy_times: 'a team member’s busy times, expanded from their calendars',
  calendar_writes:
    'which appointments are to be written into staff calendars: ids, refs and states; the text is read from the appointment when written',
  calendar_outside_changes:
    'an appointment’s event moved or deleted in a staff calendar: times and the calendar’s name',
}

/**
 * The exact texts an erase removes from the activity log: every name, e-mail address and phone
 * number the customer was ever known by (the record now, what they typed when booking, what
 * older log entries recorded), the free texts of their appointments, and their answers.
 * Blank and very short values are left out: scrubbing "A" or "Jo" would mangle other words.
 */
export function personalTexts(values: readonly unknown[]): string[] {
  const texts = new Set<string>()
  const add = (value: unknown) => {
    if (typeof value === 'string') {
      const text = value.trim()
      if (text.length >= 3 && text !== ERASED_CUSTOMER_NAME && text !== ERASED_VALUE) {
        texts.add(text)
      }
    } else if (Array.isArray(value)) {
      for (const item of value) add(item)
    }
  }
  for (const value of values) add(value)
  // Longest first, so "Ana Lopez" is replaced whole before "Ana Lopez" inside it could be cut.
  return [...texts].sort((a, b) => b.length - a.length)
}

/**
 * What an erasure takes out of texts: `identity` (names, e-mail addresses, phone numbers)
 * becomes "Erased customer", so a line still says who it was about in general; `said` (what
 * the customer wrote, such as a cancellation's reason) becomes "[erased]".
 */
export interface ErasedTexts {
  identity: readonly string[]
  said: readonly string[]
}

/** The text with every personal text in it replaced, longest first. */
export function scrubText(text: string, erased: ErasedTexts): string {
  const replacements = [
    ...erased.identity.map((value) => [value, ERASED_CUSTOMER_NAME] as const),
    ...erased.said.map((value) => [value, ERASED_VALUE] as const),
  ].sort(([a], [b]) => b.length - a.length)
  let scrubbed = text
  for (const [value, replacement] of replacements) {
    scrubbed = scrubbed.split(value).join(replacement)
  }
  return scrubbed
}

/**
 * The fields of a logged change that hold a customer's personal data: the customer record's
 * own (entries about the customer) and an appointment's (entries about their appointments).
 */
const personalChangeFields = new Set([
  'name',
  'email',
  'phone',
  'notes',
  'tags',
  'time_zone',
  'marketing_consent',
  'customer_name',
  'cancel_reason',
])

/**
 * One activity-log entry about the customer (or one of their appointments) with their personal
 * data gone: the summary keeps its words but says "Erased customer" where a personal text was,
 * and each personal field's change keeps its field (what was changed) but not its values.
 * The customer's name in an appointment's `customer_name` becomes the erased name, so a
 * reassignment between customers still reads as one.
 */
export function scrubActivityEntry(
  entry: { summary: string; changes: readonly ActivityChange[] },
  erased: ErasedTexts,
): { summary: string; changes: ActivityChange[] } {
  const personal = erased.identity
  const erasedValue = (field: string, value: unknown): unknown => {
    if (value === null || value === undefined) return value ?? null
    if (field === 'customer_name' || field === 'name') {
      return typeof value === 'string' && personal.includes(value.trim())
        ? ERASED_CUSTOMER_NAME
        : value
    }
    return ERASED_VALUE
  }
  return {
    summary: scrubText(entry.summary, erased),
    changes: entry.changes.map((change) =>
      personalChangeFields.has(change.field)
        ? {
            field: change.field,
            before: erasedValue(change.field, change.before),
            after: erasedValue(change.field, change.after),
          }
        : change,
    ),
  }
}

/**
 * Fields of logged changes whose values a summary may repeat: names, addresses and numbers
 * (identity), and a cancellation's reason (said). Not `customer_name`, which may name the other
 * customer of a reassignment, nor time zones or tags, which are shared words ("Europe/Berlin").
 */
const identityFields = new Set(['name', 'email', 'phone'])

/** The values of an entry's changes a summary may repeat, sorted into identity and said. */
export function personalValuesOfChanges(changes: readonly ActivityChange[]): {
  identity: unknown[]
  said: unknown[]
} {
  const values = (fields: (field: string) => boolean) =>
    changes.filter((change) => fields(change.field)).flatMap((c) => [c.before, c.after])
  return {
    identity: values((field) => identityFields.has(field)),
    said: values((field) => field === 'cancel_reason'),
  }
}

/**
 * How an entry a customer made themselves (online) names its actor: "Ana Lopez (customer)".
 * The erased entry keeps the actor's id (a record id, no person) and loses the name and address.
 */
export const ERASED_CUSTOMER_ACTOR = `${ERASED_CUSTOMER_NAME} (customer)`
