import { randomUUID } from 'node:crypto'
import type { components } from '../../shared/contract/schema.d.ts'
import {
  NO_PAYMENT_RULE,
  type PaymentRule,
  paymentRuleProblems,
  priceProblemForKeptRule,
  samePaymentRule,
} from '../../shared/payment-rules.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createPaymentAccountRepository } from '../db/repositories/payment-account-repository.ts'
import {
  createServiceRepository,
  type NewService,
  type ServiceRecord,
  type ServiceSort,
} from '../db/repositories/service-repository.ts'
import { createTeamMemberRepository } from '../db/repositories/team-member-repository.ts'
import { changedFields } from '../domain/activity-changes.ts'
import {
  type BookingQuestion,
  isChoiceKind,
  questionProblems,
} from '../domain/booking-questions.ts'
import type { Member } from '../domain/member.ts'
import { plural } from '../domain/plural.ts'
import {
  assertValid,
  conflict,
  type FieldError,
  invalidField,
  notFound,
  type Refusal,
} from '../domain/refusal.ts'
import { serviceFields, serviceUpdateSummary } from '../domain/service-changes.ts'
import { refuseBeyondPlan } from './billing/current-plan.ts'

type Service = components['schemas']['Service']
type ServicePage = components['schemas']['ServicePage']
type ServiceInput = components['schemas']['ServiceInput']
type ServicePatch = components['schemas']['ServicePatch']
type BookingQuestionInput = components['schemas']['BookingQuestionInput']
type PaymentRuleInput = components['schemas']['PaymentRuleInput']

export interface ServiceListQuery {
  search?: string | undefined
  active?: boolean | undefined
  sort: ServiceSort
  limit: number
  offset: number
}

/**
 * The services the member's business offers, who performs each, and their changes in the
 * activity log. The caller has checked the member may read or change services.
 */
export function createServiceCatalogueService(database: Database) {
  return {
    async list(member: Member, query: ServiceListQuery): Promise<ServicePage> {
      const page = await createServiceRepository(database.db).list(member.tenantId, query)
      return {
        items: page.items.map(toService),
        total: page.total,
        limit: query.limit,
        offset: query.offset,
      }
    },

    async get(member: Member, id: string): Promise<Service> {
      const service = await createServiceRepository(database.db).find(member.tenantId, id)
      if (!service) throw serviceNotFound()
      return toService(service)
    },

    async create(member: Member, input: ServiceInput): Promise<Service> {
      const columns = serviceColumns(input)
      if (input.booking_questions !== undefined) {
        columns.bookingQuestions = checkQuestions(input.booking_questions, [])
      }
      const rule = checkPaymentRule(input, {
        price: input.price_minor,
        rule: NO_PAYMENT_RULE,
        currency: await createServiceRepository(database.db).businessCurrency(member.tenantId),
      })
      if (rule) Object.assign(columns, ruleColumns(rule))
      return database.transaction(async (tx) => {
        const services = createServiceRepository(tx)
        if (rule && rule.kind !== 'none') await refuseUnpaidRule(tx, member.tenantId)
        const teamMemberIds = await checkTeamMembers(tx, member.tenantId, input.team_member_ids)
        const row = await services.create(member.tenantId, {
          ...columns,
          name: columns.name ?? input.name,
          durationMinutes: input.duration_minutes,
          currency: await services.businessCurrency(member.tenantId),
        })
        if (teamMemberIds) await services.setTeamMembers(member.tenantId, row.id, teamMemberIds)
        const created = await services.find(member.tenantId, row.id)
        if (!created) throw new Error('The service vanished inside its own transaction.')
        const service = toService(created)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'service',
          entityId: row.id,
          action: 'created',
          summary: `Added the service ${row.name}`,
          changes: changedFields(null, service, serviceFields),
        })
        return service
      })
    },

    async update(member: Member, id: string, input: ServicePatch): Promise<Service> {
      const columns = serviceColumns(input)
      return database.transaction(async (tx) => {
        const services = createServiceRepository(tx)
        const existing = await services.find(member.tenantId, id, { lock: true })
        if (!existing) throw serviceNotFound()
        if (input.booking_questions !== undefined) {
          columns.bookingQuestions = checkQuestions(
            input.booking_questions,
            existing.bookingQuestions,
          )
        }
        // A new price is in today's business currency, whatever the old one was in.
        if (input.price_minor !== undefined) {
          columns.currency = await services.businessCurrency(member.tenantId)
        }
        const current = ruleOf(existing)
        const rule = checkPaymentRule(input, {
          price: existing.priceMinor,
          rule: current,
          currency: columns.currency ?? existing.currency,
        })
        if (rule) Object.assign(columns, ruleColumns(rule))
        // Only a new rule that charges needs the plan and the account: a business keeps the
        // rule it has, and may always turn it off.
        if (rule && rule.kind !== 'none' && !samePaymentRule(rule, current)) {
          await refuseUnpaidRule(tx, member.tenantId)
        }
        const teamMemberIds = await checkTeamMembers(tx, member.tenantId, input.team_member_ids)
        const proposed: ServiceRecord = {
          ...existing,
          ...columns,
          teamMemberIds: teamMemberIds ?? existing.teamMemberIds,
        }
        const before = toService(existing)
        const changes = changedFields(before, toService(proposed), serviceFields)
        // Re-saving an unchanged form writes nothing and logs nothing.
        if (changes.length === 0) return before

        await services.update(member.tenantId, existing.id, columns)
        if (teamMemberIds)
          await services.setTeamMembers(member.tenantId, existing.id, teamMemberIds)
        const saved = await services.find(member.tenantId, existing.id)
        if (!saved) throw new Error('The service vanished inside its own transaction.')
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'service',
          entityId: existing.id,
          action: 'updated',
          summary: serviceUpdateSummary(saved.name, changes),
          changes,
        })
        return toService(saved)
      })
    },

    /** Refuses a service that appointments refer to: deactivating it keeps their history whole. */
    async remove(member: Member, id: string): Promise<void> {
      await database.transaction(async (tx) => {
        const services = createServiceRepository(tx)
        const existing = await services.find(member.tenantId, id, { lock: true })
        if (!existing) throw serviceNotFound()
        const counts = await services.appointmentCounts(member.tenantId, existing.id, new Date())
        if (counts.upcoming > 0) {
          throw conflict(
            `${existing.name} has ${plural(counts.upcoming, 'upcoming appointment')}; deactivate it instead.`,
          )
        }
        if (counts.all > 0) {
          throw conflict(
            `${existing.name} appears in the history of ${plural(counts.all, 'appointment')}; deactivate it instead.`,
          )
        }
        await services.delete(member.tenantId, existing.id)
        await createActivityRepository(tx).record({
          tenantId: member.tenantId,
          actor: member.actor,
          entityType: 'service',
          entityId: existing.id,
          action: 'deleted',
          summary: `Deleted the service ${existing.name}`,
          changes: changedFields(toService(existing), null, serviceFields),
        })
      })
    },
  }
}

function toService(record: ServiceRecord): Service {
  return {
    id: record.id,
    name: record.name,
    description: record.description,
    duration_minutes: record.durationMinutes,
    price_minor: record.priceMinor,
    currency: record.currency,
    buffer_before_minutes: record.bufferBeforeMinutes,
    buffer_after_minutes: record.bufferAfterMinutes,
    color: record.color,
    category: record.category,
    active: record.active,
    capacity: record.capacity,
    payment_rule: ruleOf(record),
    team_member_ids: record.teamMemberIds,
    bookable_online: record.bookableOnline,
    booking_questions: record.bookingQuestions,
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
  }
}

/** The columns a create or patch body sets; the contract has checked types and ranges. */
function serviceColumns(input: ServicePatch): Partial<NewService> {
  const columns: Partial<NewService> = {}
  if (input.name !== undefined) {
    const name = input.name.trim()
    if (!name) throw invalidField('body.name', 'must not be blank')
    columns.name = name
  }
  if (input.description !== undefined) columns.description = input.description
  if (input.duration_minutes !== undefined) columns.durationMinutes = input.duration_minutes
  if (input.price_minor !== undefined) columns.priceMinor = input.price_minor
  if (input.buffer_before_minutes !== undefined) {
    columns.bufferBeforeMinutes = input.buffer_before_minutes
  }
  if (input.buffer_after_minutes !== undefined) {
    columns.bufferAfterMinutes = input.buffer_after_minutes
  }
  if (input.color !== undefined) columns.color = input.color
  // An empty category is no category, so the list does not show a blank group.
  if (input.category !== undefined) columns.category = input.category?.trim() || null
  if (input.active !== undefined) columns.active = input.active
  if (input.capacity !== undefined) columns.capacity = input.capacity
  return columns
}

/**
 * The questions as stored: labels and options trimmed, options only for the choice kinds. A
 * question keeps its id when it names one of the service's questions (its answers' history
 * stays linked); a new one gets a fresh id; any other id is refused.
 */
function checkQuestions(
  input: readonly BookingQuestionInput[],
  existing: readonly BookingQuestion[],
): BookingQuestion[] {
  const known = new Set(existing.map((question) => question.id))
  const errors: FieldError[] = []
  input.forEach((question, index) => {
    if (question.id !== undefined && !known.has(question.id)) {
      errors.push({
        path: `body.booking_questions.${index}.id`,
        message: 'is not a question of this service',
      })
    }
  })
  const drafts = input.map((question) => ({
    ...question,
    label: question.label.trim(),
    options: (question.options ?? []).map((option) => option.trim()),
  }))
  for (const { index, field, message } of questionProblems(drafts)) {
    errors.push({ path: `body.booking_questions.${index}.${field}`, message })
  }
  assertValid(errors)
  return drafts.map((question) => ({
    id: question.id ?? randomUUID(),
    label: question.label,
    kind: question.kind,
    required: question.required,
    options: isChoiceKind(question.kind) ? question.options : [],
  }))
}

/** The given team members, sorted, once each checked to belong to this business. */
async function checkTeamMembers(
  tx: Db,
  tenantId: string,
  ids: readonly string[] | undefined,
): Promise<string[] | undefined> {
  if (ids === undefined) return undefined
  const known = await createTeamMemberRepository(tx).existingIds(tenantId, ids)
  const unknown = ids.filter((id) => !known.has(id))
  if (unknown.length > 0) {
    throw invalidField(
      'body.team_member_ids',
      `contains ${unknown.length === 1 ? 'an id' : 'ids'} that ${unknown.length === 1 ? 'is not a team member' : 'are not team members'} of this business: ${unknown.join(', ')}`,
    )
  }
  return [...ids].sort()
}

/** The service's payment rule as the contract carries it. */
function ruleOf(row: ServiceRecord): PaymentRule {
  return {
    kind: row.paymentRule,
    deposit_amount_minor: row.depositAmountMinor,
    deposit_percent: row.depositPercent,
    no_show_fee_minor: row.noShowFeeMinor,
  }
}

function ruleColumns(rule: PaymentRule): Partial<NewService> {
  return {
    paymentRule: rule.kind,
    depositAmountMinor: rule.deposit_amount_minor,
    depositPercent: rule.deposit_percent,
    noShowFeeMinor: rule.no_show_fee_minor,
  }
}

/**
 * The payment rule the body sets (null when it sets none), checked against the price the
 * service will have: a 400 naming each field at fault. Stripe's smallest charge is checked
 * whenever what booking charges changes: a rule being set, or a new price (in today's
 * currency) under the rule the service keeps, which names the price (a fixed deposit above a
 * lowered price, a percentage deposit or prepayment shrunk below the minimum).
 */
function checkPaymentRule(
  input: { payment_rule?: PaymentRuleInput | undefined; price_minor?: number | undefined },
  existing: { price: number; rule: PaymentRule; currency: string },
): PaymentRule | null {
  const price = input.price_minor ?? existing.price
  const given = input.payment_rule
  if (!given) {
    if (input.price_minor === undefined) return null
    const message = priceProblemForKeptRule(existing.rule, price, existing.currency)
    assertValid(message ? [{ path: 'body.price_minor', message }] : [])
    return null
  }
  const problems = paymentRuleProblems(given, price, existing.currency)
  assertValid(
    problems.map(({ field, message }) => {
      if (field !== 'price') return { path: `body.payment_rule.${field}`, message }
      return input.price_minor !== undefined
        ? { path: 'body.price_minor', message: `${message} with the ${given.kind} payment rule` }
        : { path: 'body.payment_rule.kind', message: 'needs a price above 0' }
    }),
  )
  return {
    kind: given.kind,
    deposit_amount_minor: given.deposit_amount_minor ?? null,
    deposit_percent: given.deposit_percent ?? null,
    no_show_fee_minor: given.no_show_fee_minor ?? null,
  }
}

/**
 * Refuses a rule that charges customers unless the plan includes payments at booking (402)
 * and the business's connected Stripe account can take charges (409).
 */
async function refuseUnpaidRule(tx: Db, tenantId: string): Promise<void> {
  await refuseBeyondPlan(tx, tenantId, 'feature.paid_bookings')
  const account = await createPaymentAccountRepository(tx).find(tenantId)
  if (account?.status === 'active') return
  const detail = !account
    ? 'Connect a Stripe account in Settings → Payments before asking customers to pay.'
    : `Your Stripe account is ${account.status}: finish setting it up in Settings → Payments before asking customers to pay.`
  throw conflict(detail, {
    type: '/problems/payments-not-connected',
    errors: [{ path: 'body.payment_rule.kind', message: 'needs an active Stripe account' }],
  })
}

/** An id of another business is as unknown as one that never existed. */
function serviceNotFound(): Refusal {
  return notFound('There is no service with this id in your business.')
}
