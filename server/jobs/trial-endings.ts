import type { Database } from '../db/database.ts'
import { createActivityRepository } from '../db/repositories/activity-repository.ts'
import { createBillingRepository } from '../db/repositories/billing-repository.ts'
import { createBusinessRepository } from '../db/repositories/business-repository.ts'
import { createOutboxRepository } from '../db/repositories/outbox-repository.ts'
import { FREE_PLAN_ID, hasLiveSubscription, TRIAL_PLAN_ID } from '../domain/plan-in-force.ts'
import { trialEndedMessage } from '../notifications/billing-messages.ts'
import { notifyProfileChange } from '../realtime/live-events.ts'

export interface TrialEndingOptions {
  /** The staff app's address, for the link to choose a plan. */
  appUrl: string
  /** Defaults to the clock; tests pass their own. */
  now?: number
  batchSize?: number
}

/**
 * Tells of each card-less trial that has ended: an activity entry, an e-mail to the owners and
 * a profile update to open apps. The plan itself changed on the minute without this job (the
 * plan in force is worked out from the clock); this only says so, once per business, however
 * many processes run it (rows claimed with FOR UPDATE SKIP LOCKED). A trial ended by paying
 * was told by the plan change and is only marked. Returns how many trials were told.
 */
export async function noteEndedTrials(
  database: Database,
  options: TrialEndingOptions,
): Promise<number> {
  const at = new Date(options.now ?? Date.now())
  return database.transaction(async (tx) => {
    const billing = createBillingRepository(tx)
    const ended = await billing.lockUnnotedEndedTrials(at, options.batchSize ?? 50)
    let told = 0
    const [trialPlan, freePlan] = await Promise.all([
      billing.findPlan(TRIAL_PLAN_ID),
      billing.findPlan(FREE_PLAN_ID),
    ])
    for (const account of ended) {
      await billing.noteTrialEnd(account.tenantId, at)
      if (hasLiveSubscription(account)) continue
      const trialPlanName = trialPlan?.name ?? TRIAL_PLAN_ID
      const freePlanName = freePlan?.name ?? FREE_PLAN_ID
      await createActivityRepository(tx).record({
        tenantId: account.tenantId,
        actor: null,
        entityType: 'subscription',
        entityId: null,
        action: 'updated',
        summary: `The ${trialPlanName} trial ended; the business is on ${freePlanName}`,
        changes: [{ field: 'plan', before: TRIAL_PLAN_ID, after: FREE_PLAN_ID }],
      })
      const business = await createBusinessRepository(tx).get(account.tenantId)
      const owners = await billing.ownerAddresses(account.tenantId)
      await createOutboxRepository(tx).queue(
        owners.map((owner) => {
          const message = trialEndedMessage({
            ownerName: owner.name,
            businessName: business?.name ?? 'your business',
            trialPlanName,
            freePlanName,
            checkoutUrl: `${options.appUrl}/checkout`,
          })
          return {
            tenantId: account.tenantId,
            appointmentId: null,
            kind: 'trial_ended' as const,
            recipient: 'owner' as const,
            toAddress: owner.email,
            subject: message.subject,
            bodyText: message.text,
            ics: null,
          }
        }),
      )
      await notifyProfileChange(tx, account.tenantId)
      told++
    }
    return told
  })
}
