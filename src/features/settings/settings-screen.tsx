import './settings.css'
import { useActorRef, useSelector } from '@xstate/react'
import { Link } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AccessDenied } from '../../components/access-denied'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import { badgeClass, subscriptionBadges } from '../../domain/billing'
import { BookingPageLink } from './booking-page-link'
import { overviewLogic, type SettingsOverviewData } from './effects'
import {
  describeAppearance,
  describeBookingPolicy,
  describeBusiness,
  describeLanguage,
  describeNotifications,
  SETTING_CARDS,
  type SettingCard,
} from './setting-pages'

/** /settings: one card per setting, each with what it is set to now and a link to change it. */
export function SettingsScreen() {
  const profile = useProfile()
  if (!profile) return <OverviewSkeleton />
  if (!can(profile.permission, 'settings.read')) return <AccessDenied what="settings" />
  const cards = SETTING_CARDS.filter((card) => can(profile.permission, card.capability))
  return <SettingsOverview cards={cards} />
}

function SettingsOverview({ cards }: { cards: readonly SettingCard[] }) {
  const actor = useActorRef(overviewLogic)
  const data = useSelector(actor, (s) => s.context.data)
  const failure = useSelector(actor, (s) => s.context.failure)

  if (failure?.status === 403) return <AccessDenied what="settings" />

  return (
    <div className="p-stack">
      {failure ? (
        <LoadFailedAlert
          title="Couldn't load your current settings"
          message={failure.message}
          onRetry={() => actor.send({ type: 'load.retry' })}
        >
          The pages below still open.
        </LoadFailedAlert>
      ) : null}
      {data ? <BookingPageLink slug={data.business.slug} /> : null}
      <ul className="p-settings-grid" aria-label="Settings">
        {cards.map((card) => (
          <li key={card.key} className="p-card p-settings-card">
            <h2 className="p-settings-card__title">
              <Link href={card.href} className="p-settings-card__link">
                {card.title}
              </Link>
            </h2>
            <p className="p-muted">{card.description}</p>
            <CardSummary card={card} data={data} failed={failure !== null} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function CardSummary({
  card,
  data,
  failed,
}: {
  card: SettingCard
  data: SettingsOverviewData | null
  failed: boolean
}) {
  if (card.key === 'billing') return <BillingSummary />
  // Its settings load on its own page; the description says enough here.
  if (card.key === 'embed' || card.key === 'payments' || card.key === 'privacy') return null
  if (failed) return null
  if (!data) {
    return (
      <p className="p-settings-card__summary" aria-hidden="true">
        <span className="p-skeleton" style={{ width: '80%' }} />
      </p>
    )
  }
  const text = {
    'business-configuration': () => describeBusiness(data.business),
    'booking-policy': () => describeBookingPolicy(data.settings.booking_policy),
    notifications: () => describeNotifications(data.settings.notifications),
    appearance: () => describeAppearance(data.settings.appearance),
    language: () => describeLanguage(data.settings.language),
  }[card.key]()
  return <p className="p-settings-card__summary">{text}</p>
}

/** The plan now in force and how it stands, from the profile (live updates replace it). */
function BillingSummary() {
  const subscription = useProfile()?.subscription
  if (!subscription) return null
  const badges = subscriptionBadges(subscription, { now: new Date() })
  return (
    <p className="p-settings-card__summary">
      {subscription.plan_name} ·{' '}
      {badges.map((badge) => (
        <span key={badge.label}>
          <span className={badgeClass(badge.tone)}>{badge.label}</span>{' '}
        </span>
      ))}
    </p>
  )
}

// One placeholder per card an admin sees, so the page keeps its shape when the cards arrive.
const SKELETON_CARDS = ['business', 'policy', 'notifications', 'appearance']

function OverviewSkeleton() {
  return (
    <div className="p-settings-grid" aria-busy="true">
      <span className="p-visually-hidden" role="status">
        Loading settings…
      </span>
      {SKELETON_CARDS.map((key) => (
        <div key={key} className="p-card p-settings-card" aria-hidden="true">
          <span className="p-skeleton" style={{ width: '40%' }} />
          <span className="p-skeleton" style={{ width: '90%' }} />
          <span className="p-skeleton" style={{ width: '70%' }} />
        </div>
      ))}
    </div>
  )
}
