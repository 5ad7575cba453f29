import fc from 'fast-check'
import { Temporal } from 'temporal-polyfill'
import type { Location, Operation, Schema } from '../contract.ts'
import { at, everyDayNineToFive } from '../scheduling-business.ts'
import { ERASABLE_CUSTOMER, type FuzzWorld } from './fuzz-world.ts'
import type { Random } from './random.ts'

export type Where = Location | 'body'

/** Names whose value is the end of a range and follows its start, generated first. */
const rangeStarts: Record<string, string> = {
  end_date: 'start_date',
  ends_at: 'starts_at',
  to: 'from',
}
const rangeEnds = Object.fromEntries(
  Object.entries(rangeStarts).map(([end, start]) => [start, end]),
)

const zones = ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'UTC']
const words = ['Ana', 'Lopez', 'Studio', 'cut', 'colour', 'Ñandú', 'Zoë', 'trim', 'Mia', 'blue']

/**
 * Values the contract accepts, chosen so a request gets past validation and into the code
 * behind it: the seeded business's real ids and tokens by field name, dates around today in
 * working hours, and otherwise what the schema's enum, format, pattern and bounds allow.
 */
export class ValidValues {
  private emails = 0

  constructor(
    private readonly random: Random,
    private readonly world: FuzzWorld,
    private readonly operation: Operation,
  ) {}

  /**
   * Whether a valid request always carries this optional parameter: the test app has no
   * default business, and a manage link always brings its token.
   */
  alwaysSends(name: string): boolean {
    return name === 'business' || name === 'X-Manage-Token'
  }

  /** A value for one field; `siblings` holds the fields generated before it in its object. */
  of(schema: Schema, where: Where, name: string, siblings: Record<string, unknown> = {}): unknown {
    const known = this.known(schema, where, name)
    // A copy: a mutation changes the draft in place, never the shared fixture.
    if (known !== undefined) return structuredClone(known)
    return this.fromSchema(schema, where, name, siblings)
  }

  /** An object with its required fields and some optional ones (both ends of a range, or none). */
  object(schema: Schema, where: Where): Record<string, unknown> {
    const properties = schema.properties ?? {}
    const required = new Set(schema.required ?? [])
    const names = Object.keys(properties)
    const chosen = new Set(names.filter((name) => required.has(name) || this.random.chance(0.5)))
    for (const name of [...chosen]) {
      const partner = rangeStarts[name] ?? rangeEnds[name]
      if (partner && partner in properties) chosen.add(partner)
    }
    if (chosen.size < (schema.minProperties ?? 0) && names.length > 0) {
      chosen.add(this.random.pick(names))
    }
    const value: Record<string, unknown> = {}
    for (const name of names) {
      const property = properties[name]
      if (chosen.has(name) && property) value[name] = this.of(property, where, name, value)
    }
    return value
  }

  private fromSchema(
    schema: Schema,
    where: Where,
    name: string,
    siblings: Record<string, unknown>,
  ): unknown {
    const branches = schema.oneOf ?? schema.anyOf
    if (branches) return this.of(this.random.pick(branches), where, name, siblings)
    if (schema.enum) return this.random.pick(schema.enum)
    const types = schema.type === undefined ? ['string'] : [schema.type].flat()
    const nonNull = types.filter((type) => type !== 'null')
    if (nonNull.length === 0 || (types.includes('null') && this.random.chance(0.15))) return null
    switch (this.random.pick(nonNull)) {
      case 'boolean':
        return this.random.chance(0.5)
      case 'integer':
      case 'number':
        return this.random.int(schema.minimum ?? 0, Math.min(schema.maximum ?? 1000, 1000))
      case 'array':
        return this.array(schema, where, name)
      case 'object':
        return this.object(schema, where)
      default:
        return this.text(schema, name, siblings)
    }
  }

  private array(schema: Schema, where: Where, name: string): unknown[] {
    const count = this.random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3))
    const items = Array.from({ length: count }, () => this.of(schema.items ?? {}, where, name))
    return schema.uniqueItems
      ? [...new Map(items.map((item) => [JSON.stringify(item), item])).values()]
      : items
  }

  private text(schema: Schema, name: string, siblings: Record<string, unknown>): string {
    switch (schema.format) {
      case 'uuid':
        return this.random.uuid()
      case 'date':
        return this.date(name, siblings)
      case 'date-time':
        return this.dateTime(name, siblings)
      case 'email':
        return this.email()
      case 'uri':
        return 'https://images.example.com/logo.png'
      case 'time-zone':
        return this.random.pick(zones)
    }
    if (schema.examples?.length) return String(this.random.pick(schema.examples))
    if (schema.pattern?.startsWith('^') && schema.pattern.endsWith('$')) {
      const matching = fc.sample(fc.stringMatching(new RegExp(schema.pattern)), {
        seed: this.random.seed(),
        numRuns: 20,
      })
      const fits = matching.find(
        (text) =>
          text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? 1000),
      )
      if (fits !== undefined) return fits
    }
    const count = this.random.int(1, 4)
    const text = Array.from({ length: count }, () => this.random.pick(words)).join(' ')
    const multiline = schema['x-multiline'] && this.random.chance(0.3)
    const result = multiline ? `${text}\r\n\t${this.random.pick(words)}` : text
    return result.slice(0, schema.maxLength ?? 1000).padEnd(schema.minLength ?? 0, 'x')
  }

  private email(): string {
    this.emails++
    return `fuzz-${this.random.int(0, 1e9).toString(36)}-${this.emails}@slotwise.test`
  }

  /** A day from a few days ago to six weeks ahead; an end within two weeks of its start. */
  private date(name: string, siblings: Record<string, unknown>): string {
    const start = siblings[rangeStarts[name] ?? '']
    const from =
      typeof start === 'string' ? Temporal.PlainDate.from(start) : this.today().add({ days: -3 })
    return from.add({ days: this.random.int(0, typeof start === 'string' ? 14 : 45) }).toString()
  }

  /** A quarter hour in working hours on such a day; an end hours to days after its start. */
  private dateTime(name: string, siblings: Record<string, unknown>): string {
    const start = siblings[rangeStarts[name] ?? '']
    if (typeof start === 'string') {
      const hours = this.random.int(1, 24 * 14)
      return new Date(Date.parse(start) + hours * 3_600_000).toISOString()
    }
    const day = this.today()
      .add({ days: this.random.int(-2, 30) })
      .toString()
    const hour = String(this.random.int(8, 16)).padStart(2, '0')
    const minute = String(this.random.pick([0, 15, 30, 45])).padStart(2, '0')
    return at(day, `${hour}:${minute}`, this.world.business.timeZone)
  }

  /** A quarter hour of the seeded hours (nine to five) from two days to four weeks ahead. */
  private publicStart(): string {
    const day = this.today()
      .add({ days: this.random.int(2, 28) })
      .toString()
    const hour = String(this.random.int(9, 15)).padStart(2, '0')
    const minute = String(this.random.pick([0, 15, 30, 45])).padStart(2, '0')
    return at(day, `${hour}:${minute}`, this.world.business.timeZone)
  }

  private today(): Temporal.PlainDate {
    return Temporal.Now.plainDateISO(this.world.business.timeZone)
  }

  /** What the seeded business answers for a field of this name, if it has one. */
  private known(schema: Schema, where: Where, name: string): unknown {
    const { world, random, operation } = this
    const { business } = world
    const members = [business.staffMemberId, business.adminMemberId, business.ownerMemberId]
    const publicPath = operation.path.startsWith('/api/v1/public/')
    const destroys = operation.method === 'DELETE' || operation.path.endsWith('/cancel')
    const managed = this.managedAppointment()
    switch (name) {
      case 'serviceId':
        return destroys ? world.spareServiceId : business.haircutId
      case 'customerId':
        if (operation.path.endsWith('/erase')) return world.erasableCustomerId
        if (operation.path.endsWith('{noteId}')) return business.customerId
        return destroys ? world.spareCustomerId : business.customerId
      case 'confirm_name':
        return ERASABLE_CUSTOMER
      case 'teamMemberId':
        return operation.method === 'DELETE' && operation.path.endsWith('{teamMemberId}')
          ? world.spareTeamMemberId
          : business.staffMemberId
      case 'timeOffId':
        return world.spareTimeOffId
      case 'noteId':
        return world.spareNoteId
      case 'paymentId':
        return world.paymentId
      case 'entryId':
        return world.activityEntryId
      case 'tenantId':
        return business.tenantId
      case 'sha256':
        return world.logoSha256
      case 'teamMemberSlug':
        return world.staffSlug
      case 'appointmentId':
        if (publicPath) return managed.id
        if (operation.path.includes('/payments')) return world.paidAppointmentId
        if (operation.path.endsWith('/undo-change')) return world.movedAppointmentId
        if (operation.path.endsWith('/calendar-change')) return world.changedOutsideAppointmentId
        if (destroys) return world.spareAppointmentId
        if (operation.path.endsWith('/no-show-fee')) return world.noShowAppointmentId
        if (/\/(complete|no-show)$/.test(operation.path)) return world.startedAppointmentId
        return world.appointmentId
      case 'business':
        return world.slug
      case 'token':
        return operation.path.includes('calendar-feeds') ? world.feedToken : managed.token
      case 'X-Manage-Token':
        return managed.token
      case 'Idempotency-Key':
        return random.uuid()
      case 'actor':
        return business.owner.uid
      case 'cursor':
        return world.activityCursor
      case 'change_id':
        return world.changeId
      case 'service_id':
        return business.haircutId
      case 'customer_id':
        return business.customerId
      case 'team_member_id':
        return schema.type?.includes('null') && random.chance(0.3) ? null : random.pick(members)
      case 'service_ids':
        return random.subset([business.haircutId, world.spareServiceId])
      case 'team_member_ids':
        return random.subset(members)
      case 'working_hours':
        return random.subset(everyDayNineToFive, 0.8)
      case 'email':
        // A public booking by the signed-in customer shows in their my-appointments.
        return where === 'body' &&
          operation.path.startsWith('/api/v1/public/') &&
          random.chance(0.3)
          ? world.customerUser.email
          : undefined
      case 'slug':
        // Mostly the business's own, so the public API still finds it until `restore`.
        return operation.path === '/api/v1/business-configuration' && random.chance(0.7)
          ? world.slug
          : undefined
      case 'currency':
        return random.pick(['EUR', 'USD', 'JPY', 'GBP'])
      case 'plan_id':
        return random.pick(['starter', 'pro'])
      case 'checkoutSessionId':
        return world.checkoutSessionId
      case 'connectionId':
        return destroys ? world.spareCalendarConnectionId : world.calendarConnectionId
      case 'calendarId':
        return world.connectedCalendarId
      case 'server_url':
        return 'https://caldav.example.com/'
      case 'url':
        return operation.path.includes('/calendar-connections/')
          ? 'https://calendar.example.com/secret.ics'
          : undefined
      case 'Stripe-Signature':
        // Signed over the final body when the request is built (fuzz-cases.ts).
        return SIGN_THE_BODY
      case 'locale':
        return random.pick(['en-US', 'de-DE', 'fr', 'es-ES'])
      case 'booking_answers':
        // The seeded services ask no questions: any answer would be one to a question not asked.
        return {}
      case 'starts_at':
        // The public API takes only a start the page would offer: on the grid, within hours,
        // after the notice and before the window's end (staff may book any time).
        return publicPath ? this.publicStart() : undefined
      default:
        return undefined
    }
  }

  private managedAppointment() {
    return this.operation.path.endsWith('/cancel')
      ? this.world.sparePublicAppointment
      : this.world.publicAppointment
  }
}

/** Stands for a valid Stripe-Signature until the body it signs is known. */
export const SIGN_THE_BODY = 'sign-the-body'
