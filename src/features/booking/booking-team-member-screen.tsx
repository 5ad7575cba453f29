import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import { fromPromise } from 'xstate'
import { buildWizardUrl } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import { ListSkeleton } from '../../components/form/list-skeleton'
import { todayIn } from '../../domain/appointment-time'
import { statusOf } from '../../machines/call-errors'
import { bookingApi } from './api'
import { BookingNotFound } from './booking-not-found'
import { loadDaysOfSlots } from './effects'
import { pageBusiness } from './page-business'
import { detectedTimeZone, formatDayAndTime } from './slot-days'

/** How many of the next free times the profile offers as shortcuts. */
const NEXT_SLOTS_SHOWN = 6
const LOOK_AHEAD_DAYS = 14

/**
 * The profile and, for their first service, the next free times within two weeks; a failure
 * is its output, not the actor's error: useSelector throws an errored actor's error into
 * render, and an unknown slug's 404 took the app's crash screen instead of the page.
 */
const loadProfile = fromPromise(
  async ({ input }: { input: { slug: string; timeZone: string } }) => {
    try {
      return { ...(await loadProfileAndSlots(input)), failure: null }
    } catch (failure) {
      return { profile: null, slots: [], failure }
    }
  },
)

async function loadProfileAndSlots(input: { slug: string; timeZone: string }) {
  const profile = await bookingApi.profile(input.slug)
  const first = profile.services[0]
  const slots = first
    ? await loadDaysOfSlots(bookingApi, {
        serviceId: first.id,
        teamMemberId: profile.team_member.id,
        firstDay: todayIn(input.timeZone),
        days: LOOK_AHEAD_DAYS,
        timeZone: input.timeZone,
      })
    : []
  return { profile, slots: slots.slice(0, NEXT_SLOTS_SHOWN) }
}

/** `/booking/{teamMemberSlug}`: a team member's public page — who, what, when, book. */
export function BookingTeamMemberScreen() {
  const { teamMemberSlug = '' } = useParams<{ teamMemberSlug: string }>()
  // Keyed: another profile's address loads that profile instead of keeping this one.
  return <TeamMemberProfile key={teamMemberSlug} teamMemberSlug={teamMemberSlug} />
}

function TeamMemberProfile({ teamMemberSlug }: { teamMemberSlug: string }) {
  const timeZone = detectedTimeZone()
  const actor = useActorRef(loadProfile, { input: { slug: teamMemberSlug, timeZone } })
  const status = useSelector(actor, (s) => s.status)
  const result = useSelector(actor, (s) => s.output)
  const error = useSelector(actor, (s) => s.output?.failure ?? null)
  const business = pageBusiness()
  const [, navigate] = useLocation()
  const currentSlug = result?.profile?.team_member.slug
  // An old address (from before a rename) answers with the current slug: move there, so the
  // address shown and shared is the current one.
  const renamed = currentSlug !== undefined && currentSlug !== teamMemberSlug
  const { t, tp, intl } = useTranslation()
  useEffect(() => {
    if (!renamed) return
    const query = business ? `?${new URLSearchParams({ business })}` : ''
    navigate(`/booking/${currentSlug}${query}`, { replace: true })
  }, [renamed, currentSlug, business, navigate])

  if (status === 'active' || renamed)
    return <ListSkeleton rows={3} columns={2} label={t('profile_loading')} />
  if (error && statusOf(error) === 404) return <BookingNotFound what="profile" />
  if (error || !result?.profile) {
    return (
      <div className="p-alert" role="alert">
        <span className="p-alert__title">{t('profile_failed')}</span>
        <p>{error instanceof Error ? error.message : t('profile_failed_text')}</p>
        <Link href={buildWizardUrl({ step: 'start' }, business)}>{t('see_everything')}</Link>
      </div>
    )
  }

  const { profile, slots } = result
  const member = profile.team_member
  const firstService = profile.services[0]
  return (
    <div className="p-booking-wizard">
      <section className="p-card p-stack" aria-labelledby="profile-name">
        <h2 id="profile-name" className="p-section-title">
          {member.name}
        </h2>
        {member.bio ? <p>{member.bio}</p> : null}
        <Link
          className="p-button p-button--primary"
          href={buildWizardUrl({ step: 'teamServices', teamMemberId: member.id }, business)}
        >
          {t('profile_book_with', { name: member.name })}
        </Link>
      </section>

      <section className="p-stack" aria-labelledby="profile-services">
        <h2 id="profile-services" className="p-section-title">
          {t('profile_services')}
        </h2>
        {profile.services.length === 0 ? (
          <p className="p-muted">{t('profile_no_services', { name: member.name })}</p>
        ) : (
          <ul className="p-choice-list">
            {profile.services.map((service) => (
              <li key={service.id}>
                <Link
                  className="p-choice"
                  href={buildWizardUrl(
                    { step: 'calendar', serviceId: service.id, teamMemberId: member.id },
                    business,
                  )}
                >
                  <span className="p-choice__title">{service.name}</span>
                  <span className="p-choice__meta">
                    {tp('duration_minutes', service.duration_minutes)} ·{' '}
                    {formatPrice(
                      { amount_minor: service.price_minor, currency: service.currency },
                      intl,
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      {firstService ? (
        <section className="p-stack" aria-labelledby="profile-next">
          <h2 id="profile-next" className="p-section-title">
            {t('profile_next_times', { service: firstService.name })}
          </h2>
          {slots.length === 0 ? (
            <p className="p-muted">{t('profile_no_times')}</p>
          ) : (
            <ul className="p-choice-list">
              {slots.map((slot) => (
                <li key={slot.starts_at}>
                  <Link
                    className="p-choice"
                    href={buildWizardUrl(
                      {
                        step: 'customerInfo',
                        serviceId: firstService.id,
                        teamMemberId: member.id,
                        startsAt: slot.starts_at,
                      },
                      business,
                    )}
                  >
                    {formatDayAndTime(slot.starts_at, timeZone, intl)}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
