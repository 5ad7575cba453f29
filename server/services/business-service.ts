import { chargeBelowStripeMinimum } from '../../shared/payment-rules.ts'
import type { Database, Db } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import {
  type BusinessRow,
  type BusinessValues,
  createBusinessRepository,
} from '../db/repositories/business-repository.ts'
import { isConstraintConflict } from '../db/sql-state.ts'
import { changedFields } from '../domain/activity-changes.ts'
import {
  type BusinessConfiguration,
  businessChangeSummary,
  businessConfigurationFields,
  businessConfigurationProblems,
} from '../domain/business-configuration.ts'
import type { Member } from '../domain/member.ts'
import { assertValid, conflict, type Refusal } from '../domain/refusal.ts'
import { notifyProfileChange } from '../realtime/live-events.ts'

/** The business's own details: name, public slug, time zone, currency and contact data. */
export function createBusinessService(database: Database) {
  return {
    async get(member: Member): Promise<BusinessConfiguration> {
      const row = await createBusinessRepository(database.db).get(member.tenantId)
      if (!row) throw new Error('The member’s business was not found.')
      return toConfiguration(row)
    },

    /**
     * Saves the details; with `moveTeamMembers`, a new time zone also moves the team members
     * still on the old one, in the same transaction, each move in the activity log.
     */
    async update(
      member: Member,
      input: BusinessConfiguration,
      options: { moveTeamMembers?: boolean } = {},
    ): Promise<BusinessConfiguration> {
      const proposed = tidy(input)
      assertValid(businessConfigurationProblems(proposed))
      try {
        return await database.transaction(async (tx) => {
          const business = createBusinessRepository(tx)
          const row = await business.lock(member.tenantId)
          if (!row) throw new Error('The member’s business was not found.')
          const before = toConfiguration(row)
          const changes = changedFields(before, proposed, businessConfigurationFields)
          if (changes.length === 0) return before
          if (
            proposed.slug !== before.slug &&
            (await business.isSlugTaken(proposed.slug, member.tenantId))
          ) {
            throw slugTaken()
          }
          const after = toConfiguration(await business.update(member.tenantId, columnsOf(proposed)))
          if (after.slug !== before.slug)
            await business.recordFormerSlug(member.tenantId, before.slug)
          if (after.currency !== before.currency) {
            refuseChargesBelowMinimum(await business.servicesThatCharge(member.tenantId), after)
          }
          const movedPrices =
            after.currency === before.currency
              ? 0
              : await business.moveServicePricesTo(member.tenantId, after.currency)
          const priceNote =
            movedPrices === 0
              ? ''
              : ` (${movedPrices} service ${movedPrices === 1 ? 'price' : 'prices'} now in ${after.currency})`
          await createActivityRepository(tx).record({
            tenantId: member.tenantId,
            actor: member.actor,
            entityType: 'business',
            entityId: member.tenantId,
            action: 'updated',
            summary: businessChangeSummary(changes) + priceNote,
            changes,
          })
          if (options.moveTeamMembers && after.time_zone !== before.time_zone) {
            await moveTeamMembers(tx, member, before.time_zone, after.time_zone)
          }
          await notifyProfileChange(tx, member.tenantId)
          return after
        })
      } catch (error) {
        // Another business took the slug between our check and our write.
        if (isConstraintConflict(error)) throw slugTaken()
        throw error
      }
    },
  }
}

/** The team members the business's zone change takes along, each move logged on its own. */
async function moveTeamMembers(tx: Db, member: Member, from: string, to: string) {
  const moved = await createBusinessRepository(tx).moveTeamMembersZone(member.tenantId, from, to)
  const activity = createActivityRepository(tx)
  for (const teamMember of moved) {
    await activity.record({
      tenantId: member.tenantId,
      actor: member.actor,
      entityType: 'team_member',
      entityId: teamMember.id,
      action: 'updated',
      summary: `Moved ${teamMember.name} to ${to} with the business (working hours keep their times)`,
      changes: [{ field: 'time_zone', before: from, after: to }],
    })
  }
}

function slugTaken(): Refusal {
  return conflict('Another business already uses this public slug; choose another.', {
    errors: [{ path: 'body.slug', message: 'is already used by another business' }],
  })
}

/** Trims what people type; empty contact fields stay empty strings or null, as the contract has them. */
function tidy(input: BusinessConfiguration): BusinessConfiguration {
  return {
    ...input,
    name: input.name.trim(),
    address: input.address.trim(),
    phone: input.phone.trim(),
    email: input.email?.trim() || null,
  }
}

function columnsOf(input: BusinessConfiguration): BusinessValues {
  return {
    name: input.name,
    slug: input.slug,
    timeZone: input.time_zone,
    currency: input.currency,
    locale: input.locale,
    address: input.address,
    phone: input.phone,
    email: input.email,
  }
}

function toConfiguration(row: BusinessRow): BusinessConfiguration {
  return {
    name: row.name,
    slug: row.slug,
    time_zone: row.timeZone,
    currency: row.currency,
    locale: row.locale,
    address: row.address,
    phone: row.phone,
    email: row.email,
  }
}

/**
 * Services keep their amounts when the business's currency changes (`moveServicePricesTo`), so
 * a change to a currency with a higher Stripe minimum (cents to kronor) could leave a deposit
 * that Stripe refuses: refused here, naming the currency and the services to change first.
 */
function refuseChargesBelowMinimum(
  charging: Awaited<ReturnType<ReturnType<typeof createBusinessRepository>['servicesThatCharge']>>,
  after: { currency: string },
): void {
  const below = charging.flatMap((service) => {
    const problem = chargeBelowStripeMinimum(
      {
        kind: service.kind,
        deposit_amount_minor: service.depositAmountMinor,
        deposit_percent: service.depositPercent,
        no_show_fee_minor: service.noShowFeeMinor,
      },
      service.priceMinor,
      after.currency,
    )
    return problem ? [`${service.name} (${problem.message})`] : []
  })
  if (below.length === 0) return
  const message = `would take ${below.length === 1 ? 'a service' : 'services'} below Stripe's smallest charge in ${after.currency}: ${below.join('; ')}. Raise their prices or change their payment rules first`
  assertValid([{ path: 'body.currency', message }])
}
