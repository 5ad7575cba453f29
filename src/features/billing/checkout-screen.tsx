import './billing.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useState } from 'react'
import { Button, Label, Radio, RadioGroup } from 'react-aria-components'
import { Link, useSearch } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { PendingButton } from '../../components/form/pending-button'
import { FormError } from '../../components/form-error'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import {
  type BillingInterval,
  bestYearlyPercent,
  checkoutPreselection,
  FEATURE_KEYS,
  FEATURE_LABELS,
  firstChargeText,
  formatMoney,
  INTERVAL_LABELS,
  type Plan,
  perInterval,
  type Subscription,
  teamLimitText,
  yearlySavingText,
} from '../../domain/billing'
import { continueRefusal } from '../../machines/checkout.machine'
import { checkoutLogic } from './effects'

/** /checkout: compare the plans, choose one and an interval, and go to Stripe to pay (owners). */
export function CheckoutScreen() {
  const profile = useProfile()
  if (!profile) return <PlansSkeleton />
  if (!can(profile.permission, 'billing.manage')) {
    return <AccessDenied what="plans and billing" who="owners" />
  }
  return <PlanChooser />
}

function PlanChooser() {
  const search = useSearch()
  const [input] = useState(() => checkoutPreselection(search))
  const actor = useActorRef(checkoutLogic, { input })
  const isLoading = useSelector(actor, (s) => s.hasTag('loading'))
  const isBusy = useSelector(actor, (s) => s.hasTag('busy'))
  const failedAt = useSelector(actor, (s) => (s.matches('failed') ? s.context.failedAt : null))
  const error = useSelector(actor, (s) => s.context.error)
  const plans = useSelector(actor, (s) => s.context.plans)
  const subscription = useSelector(actor, (s) => s.context.subscription)
  const currentPlanId = useSelector(actor, (s) => s.context.currentPlanId)
  const currentInterval = useSelector(actor, (s) => s.context.currentInterval)
  const chosenPlanId = useSelector(actor, (s) => s.context.chosenPlanId)
  const interval = useSelector(actor, (s) => s.context.chosenInterval)
  const refusal = useSelector(actor, (s) => continueRefusal(s.context))
  const hintId = useId()

  // Back from Stripe's page through the browser's cache: the page is live again, not leaving.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send({ type: 'checkout.cameBack' })
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [actor])

  if (isLoading) return <PlansSkeleton />
  if (failedAt === 'loading') {
    return (
      <LoadFailedAlert
        title="The plans could not be loaded"
        message={error}
        onRetry={() => actor.send({ type: 'checkout.retry' })}
      />
    )
  }

  const chosen = plans.find((plan) => plan.id === chosenPlanId) ?? null
  const current = plans.find((plan) => plan.id === currentPlanId) ?? null
  const savePercent = bestYearlyPercent(plans)
  const changesLiveSubscription = currentInterval !== null

  return (
    <div className="p-stack-lg">
      <p className="p-muted">
        Choose the plan that fits your team. You pay on Stripe’s secure page and can change or
        cancel at any time.
        {current ? ` You are on ${current.name} now.` : null}
      </p>

      <div className="p-stack-sm">
        <RadioGroup
          className="p-stack-sm"
          value={interval}
          onChange={(next) =>
            actor.send({ type: 'checkout.intervalChosen', interval: next as BillingInterval })
          }
          orientation="horizontal"
          isDisabled={isBusy}
        >
          <Label className="p-field__label">Billing interval</Label>
          <div className="p-interval-switch">
            {(['month', 'year'] as const).map((option) => (
              <Radio key={option} value={option} className="p-interval-switch__option">
                {INTERVAL_LABELS[option]}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        {savePercent > 0 ? (
          <p className="p-field__description">
            Paying yearly saves up to {savePercent}% compared with paying monthly.
          </p>
        ) : null}
      </div>

      <RadioGroup
        aria-label="Plans"
        value={chosenPlanId}
        onChange={(planId) => actor.send({ type: 'checkout.planChosen', planId })}
        isDisabled={isBusy}
      >
        <div className="p-plan-grid">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              interval={interval}
              isCurrent={plan.id === currentPlanId}
              currentInterval={currentInterval}
              subscription={subscription}
            />
          ))}
        </div>
      </RadioGroup>

      {failedAt === 'redirecting' ? (
        <div className="p-stack-sm">
          <FormError title="The secure checkout could not be opened" message={error ?? ''} />
          <div className="p-row">
            <Button className="p-button" onPress={() => actor.send({ type: 'checkout.retry' })}>
              Try again
            </Button>
            <Button
              className="p-button p-button--ghost"
              onPress={() => actor.send({ type: 'checkout.back' })}
            >
              Choose another plan
            </Button>
          </div>
        </div>
      ) : null}

      {failedAt === 'redirecting' ? null : (
        <div className="p-stack-sm">
          <div className="p-checkout-actions">
            <PendingButton
              className="p-button p-button--primary p-button--large"
              isDisabled={refusal !== null}
              isPending={isBusy}
              aria-describedby={hintId}
              onPress={() => actor.send({ type: 'checkout.continue' })}
            >
              Continue
            </PendingButton>
            <Link href="/settings/billing" className="p-button p-button--ghost">
              Back to billing
            </Link>
          </div>
          <p id={hintId} className="p-field__description">
            {isBusy
              ? 'Taking you to secure checkout…'
              : continueHint(
                  refusal,
                  chosen,
                  current,
                  interval,
                  changesLiveSubscription,
                  subscription,
                )}
          </p>
          <span className="p-visually-hidden" role="status">
            {isBusy ? 'Taking you to secure checkout…' : ''}
          </span>
        </div>
      )}
    </div>
  )
}

/** Under Continue: why it cannot be pressed, or what pressing it does. */
function continueHint(
  refusal: ReturnType<typeof continueRefusal>,
  chosen: Plan | null,
  current: Plan | null,
  interval: BillingInterval,
  changesLiveSubscription: boolean,
  subscription: Subscription | null,
): string {
  if (refusal === 'noPlan' || !chosen) return 'Choose a plan to continue.'
  if (refusal === 'free') {
    return current && current.id === chosen.id
      ? `You are on ${chosen.name}. Choose a paid plan to continue.`
      : `${chosen.name} needs no checkout: to move to it, cancel your subscription under Manage billing.`
  }
  if (refusal === 'current') {
    return `You already have ${chosen.name}, billed ${interval === 'month' ? 'monthly' : 'yearly'}.`
  }
  const price = `${formatMoney(chosen.prices[interval])} ${perInterval(interval)}`
  if (changesLiveSubscription) {
    return `${chosen.name} for ${price}. You confirm the change on Stripe’s billing page.`
  }
  const firstCharge = firstChargeText(subscription, new Date())
  return firstCharge
    ? `${chosen.name} for ${price}. ${firstCharge}`
    : `${chosen.name} for ${price}. You pay on Stripe’s secure checkout page.`
}

function PlanCard({
  plan,
  interval,
  isCurrent,
  currentInterval,
  subscription,
}: {
  plan: Plan
  interval: BillingInterval
  isCurrent: boolean
  currentInterval: BillingInterval | null
  subscription: Subscription | null
}) {
  const detailsId = useId()
  const saving = yearlySavingText(plan)
  const trialing = isCurrent && subscription?.status === 'trialing'
  const yearPrice = formatMoney(plan.prices.year)
  return (
    <Radio
      value={plan.id}
      className="p-plan-card"
      aria-label={plan.name}
      aria-describedby={detailsId}
    >
      <span className="p-plan-card__top">
        <span className="p-plan-card__name">{plan.name}</span>
        <span className="p-plan-card__check" aria-hidden="true" />
      </span>
      <span id={detailsId} className="p-stack-sm">
        {isCurrent ? (
          <span className="p-badges">
            <span className="p-badge p-badge--info">
              Current plan
              {currentInterval ? ` (${currentInterval === 'month' ? 'monthly' : 'yearly'})` : ''}
            </span>
            {trialing ? <span className="p-badge p-badge--warn">Trial</span> : null}
          </span>
        ) : null}
        <span className="p-muted">{plan.description}</span>
        <span className="p-plan-card__price">
          <span className="p-plan-card__amount">{formatMoney(plan.prices[interval])}</span>
          <span className="p-muted">{perInterval(interval)}</span>
        </span>
        {saving ? (
          <span className="p-plan-card__saving">
            {interval === 'year' ? saving : `Or ${yearPrice} per year: ${saving.toLowerCase()}`}
          </span>
        ) : null}
        <span className="p-plan-card__list">
          <span className="p-plan-card__feature">{teamLimitText(plan.team_member_limit)}</span>
          {FEATURE_KEYS.map((feature) =>
            plan.features[feature] ? (
              <span key={feature} className="p-plan-card__feature">
                {FEATURE_LABELS[feature]}
              </span>
            ) : (
              <span key={feature} className="p-plan-card__feature p-plan-card__feature--missing">
                <span className="p-visually-hidden">Not included: </span>
                {FEATURE_LABELS[feature]}
              </span>
            ),
          )}
        </span>
      </span>
    </Radio>
  )
}

const SKELETON_PLANS = ['first', 'second', 'third']

function PlansSkeleton() {
  return (
    <div className="p-plan-grid" aria-busy="true">
      <span className="p-visually-hidden" role="status">
        Loading plans…
      </span>
      {SKELETON_PLANS.map((key) => (
        <div key={key} className="p-card p-stack-sm" aria-hidden="true">
          <span className="p-skeleton" style={{ width: '40%' }} />
          <span className="p-skeleton" style={{ width: '60%', height: '2rem' }} />
          <span className="p-skeleton" style={{ width: '90%' }} />
          <span className="p-skeleton" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  )
}
