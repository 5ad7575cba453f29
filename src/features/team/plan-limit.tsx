import { useActorRef, useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { bookableMembersText, type LimitDecision, planAllows } from '../../../shared/plan-limits'
import { usageText } from '../../domain/billing'
import type { Profile } from '../../machines/auth.machine'
import type { SaveFailure } from '../../machines/entity-form.machine'
import { type PlanLimit, type PlanUsage, planLimitOf } from './api'
import { planUsageLogic } from './effects'

/**
 * The plan in force and its usage, for explaining the bookable limit before anyone hits it.
 * A failed load shows nothing: the server still refuses, and the form then says why.
 */
export function usePlanUsage(): PlanUsage | null {
  const actor = useActorRef(planUsageLogic)
  return useSelector(actor, (s) => s.context.data)
}

/** Whether one more bookable team member fits the plan (allowed while the usage is unknown). */
export function addBookableDecision(usage: PlanUsage | null): LimitDecision {
  if (!usage) return { allowed: true }
  return planAllows(usage.plan, usage.usage, 'team_member.add_bookable')
}

/** What the owner can do about a limit (a link to the plans), or what anyone else can. */
function UpgradeStep({ profile }: { profile: Profile }) {
  return can(profile.permission, 'billing.manage') ? (
    <Link href="/checkout">Choose a bigger plan</Link>
  ) : (
    <span>Ask the owner to upgrade.</span>
  )
}

/**
 * On the team list for those who add members: "2 of 5 bookable team members on Starter", and
 * at the limit a notice with the way up.
 */
export function TeamPlanUsage({ usage, profile }: { usage: PlanUsage | null; profile: Profile }) {
  if (!usage) return null
  const decision = addBookableDecision(usage)
  const summary = usageText(usage.plan, usage.usage.bookable_team_members)
  if (decision.allowed) return <p className="p-muted">{summary}</p>
  const isOwner = can(profile.permission, 'billing.manage')
  return (
    <div className="p-stack-sm">
      <p className="p-muted">{summary}</p>
      <div className="p-notice p-notice--warn" role="note">
        Your {usage.plan.name} plan allows {bookableMembersText(decision.limit.allowed)}.{' '}
        {isOwner ? (
          <>
            Upgrade to add more. <Link href="/checkout">Upgrade your plan</Link>
          </>
        ) : (
          'Ask the owner to upgrade.'
        )}
      </div>
    </div>
  )
}

/** Next to the Bookable switch when the plan has no room for another bookable member. */
export function BookableLimitNote({ message, profile }: { message: string; profile: Profile }) {
  return (
    <span className="p-plan-limit-note">
      {message} <UpgradeStep profile={profile} /> You can still save them as not bookable.
    </span>
  )
}

/** The plan-limit alert for a failed save (a 402 `/problems/plan-limit`), or null for others. */
export function planLimitProblem(failure: SaveFailure | null, profile: Profile): ReactNode {
  const refusal = planLimitOf(failure?.cause)
  if (!refusal) return null
  return <PlanLimitAlert detail={refusal.detail} limit={refusal.limit} profile={profile} />
}

/** A save the server refused for a plan limit (402): its sentence and the way up. */
export function PlanLimitAlert({
  detail,
  limit,
  profile,
}: {
  detail: string
  limit: PlanLimit
  profile: Profile
}) {
  return (
    <div className="p-alert" role="alert">
      <strong className="p-alert__title">Not saved: your plan’s limit</strong>
      {detail}{' '}
      {can(profile.permission, 'billing.manage') ? (
        <Link href={limit.upgrade_url}>Choose a bigger plan</Link>
      ) : (
        'Ask the owner to upgrade.'
      )}
    </div>
  )
}
