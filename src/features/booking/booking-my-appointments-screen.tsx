import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useEffect, useMemo, useRef } from 'react'
import { Link, useLocation } from 'wouter'
import { bookingHref, manageUrl } from '../../../shared/booking-links'
import { type Translate, useTranslation } from '../../app/i18n'
import type { MyAppointments } from '../../machines/customer-account.machine'
import { LoadingCard, RetryAlert } from './booking-status'
import { createCustomerAccountLogic } from './customer-account-effects'
import {
  addressWithoutSignInCode,
  PROFILE_CREATION_PATH,
  signInContinueUrl,
} from './customer-links'
import { Emphasised } from './emphasised'
import { focusFirstInvalidField } from './focus-first-invalid'
import { pageBusiness } from './page-business'
import { detectedTimeZone, formatDayAndTime } from './slot-days'

/**
 * Marks what takes the focus when the page changes what it shows without a navigation (link
 * sent, signed in, signed out), so keyboard and screen-reader users are not left on a button
 * that is gone.
 */
const VIEW_FOCUS = { 'data-view-focus': true }

type AccountView =
  | 'loading'
  | 'unavailable'
  | 'signedOut'
  | 'linkSent'
  | 'confirmingEmail'
  | 'linkFailed'
  | 'signedIn'

type AccountActor = ReturnType<typeof useActorRef<ReturnType<typeof createCustomerAccountLogic>>>

/**
 * `/booking/my-appointments`: the customer signs in with a link e-mailed to them, then sees
 * their upcoming and past appointments with this business, each opening its manage page.
 */
export function BookingMyAppointmentsScreen() {
  const [, navigate] = useLocation()
  const business = pageBusiness()
  const logic = useMemo(
    () =>
      createCustomerAccountLogic({
        business,
        continueUrl: () => signInContinueUrl(window.location.origin, business),
        clearLinkFromAddress: () =>
          window.history.replaceState(null, '', addressWithoutSignInCode(window.location.href)),
        goToProfileCreation: () =>
          navigate(bookingHref(PROFILE_CREATION_PATH, business), { replace: true }),
      }),
    [business, navigate],
  )
  const actor = useActorRef(logic, { input: { href: window.location.href } })
  const view = useSelector(actor, (s): AccountView => {
    if (s.hasTag('loading') || s.matches('leaving')) return 'loading'
    if (s.matches('unavailable')) return 'unavailable'
    if (s.matches('signedOut') || s.matches('sendingLink')) return 'signedOut'
    if (s.matches('linkSent')) return 'linkSent'
    if (s.matches('confirmingEmail')) return 'confirmingEmail'
    if (s.matches('linkFailed')) return 'linkFailed'
    return 'signedIn'
  })
  const content = useRef<HTMLDivElement>(null)
  const shownView = useRef<AccountView | null>(null)
  useEffect(() => {
    if (view === 'loading') return
    // The first view is the page itself: the route's own focus handling applies.
    if (shownView.current !== null && shownView.current !== view) {
      content.current?.querySelector<HTMLElement>('[data-view-focus]')?.focus()
    }
    shownView.current = view
  }, [view])

  const { t } = useTranslation()

  return <div ref={content}>{accountView(actor, view, business, t)}</div>
}

function accountView(
  actor: AccountActor,
  view: AccountView,
  business: string | null,
  t: Translate,
) {
  switch (view) {
    case 'loading':
      return <LoadingCard label={t('account_loading')} />
    case 'unavailable':
      return <Failure actor={actor} title={t('account_unavailable')} />
    case 'signedOut':
      return <RequestLink actor={actor} business={business} />
    case 'linkSent':
      return <LinkSent actor={actor} />
    case 'confirmingEmail':
      return <ConfirmEmail actor={actor} />
    case 'linkFailed':
      return <LinkFailed actor={actor} />
    case 'signedIn':
      return <SignedIn actor={actor} business={business} />
  }
}

function Failure({ actor, title }: { actor: AccountActor; title: string }) {
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslation()
  return (
    <RetryAlert
      title={title}
      message={error ? t(error) : null}
      onRetry={() => actor.send({ type: 'account.retry' })}
      tabIndex={-1}
      {...VIEW_FOCUS}
    />
  )
}

/** The e-mail field both ways in use: asking for a link, and confirming the address of one. */
function EmailForm({
  actor,
  submitLabel,
  busyLabel,
  onSubmit,
}: {
  actor: AccountActor
  submitLabel: string
  busyLabel: string
  onSubmit: () => void
}) {
  const email = useSelector(actor, (s) => s.context.email)
  const emailError = useSelector(actor, (s) => s.context.emailError)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const { t } = useTranslation()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    onSubmit()
    focusFirstInvalidField(event.currentTarget)
  }

  return (
    <form className="p-form p-booking-form" noValidate onSubmit={submit}>
      <div className="p-field">
        <label className="p-field__label" htmlFor="account-email">
          {t('field_email')}
        </label>
        <input
          id="account-email"
          name="email"
          type="email"
          className="p-input"
          autoComplete="email"
          required
          value={email}
          readOnly={busy}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'account-email-error' : undefined}
          onChange={(event) =>
            actor.send({ type: 'account.emailChanged', email: event.target.value })
          }
        />
        {emailError ? (
          <p id="account-email-error" className="p-field__error">
            {t(emailError)}
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className="p-button p-button--primary p-button--large p-button--block"
        aria-disabled={busy || undefined}
      >
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  )
}

function RequestLink({ actor, business }: { actor: AccountActor; business: string | null }) {
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslation()
  return (
    <div className="p-booking-wizard">
      <section className="p-card p-stack" aria-labelledby="sign-in-title">
        <h2 id="sign-in-title" className="p-section-title" tabIndex={-1} {...VIEW_FOCUS}>
          {t('account_sign_in_title')}
        </h2>
        <p className="p-muted">{t('account_sign_in_intro')}</p>
        {error ? (
          <div className="p-alert" role="alert">
            <p>{t(error)}</p>
          </div>
        ) : null}
        <EmailForm
          actor={actor}
          submitLabel={t('account_send_link')}
          busyLabel={t('account_sending')}
          onSubmit={() => actor.send({ type: 'account.linkRequested' })}
        />
      </section>
      <p className="p-muted">
        {t('account_just_book')}{' '}
        <Link href={bookingHref('/booking', business)}>{t('book_an_appointment')}</Link>
      </p>
    </div>
  )
}

function LinkSent({ actor }: { actor: AccountActor }) {
  const sentTo = useSelector(actor, (s) => s.context.linkSentTo)
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="link-sent-title">
      <h2 id="link-sent-title" className="p-section-title" tabIndex={-1} {...VIEW_FOCUS}>
        {t('account_check_inbox')}
      </h2>
      <p role="status">
        <Emphasised t={t} message="account_link_sent" name="email" value={sentTo ?? ''} />
      </p>
      <p className="p-muted">{t('account_spam')}</p>
      <div className="p-booking-actions">
        <button
          type="button"
          className="p-button"
          onClick={() => actor.send({ type: 'account.restart' })}
        >
          {t('account_use_another')}
        </button>
      </div>
    </section>
  )
}

function ConfirmEmail({ actor }: { actor: AccountActor }) {
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="confirm-email-title">
      <h2 id="confirm-email-title" className="p-section-title" tabIndex={-1} {...VIEW_FOCUS}>
        {t('account_confirm_title')}
      </h2>
      <p className="p-muted">{t('account_confirm_intro')}</p>
      <EmailForm
        actor={actor}
        submitLabel={t('account_sign_in')}
        busyLabel={t('account_signing_in')}
        onSubmit={() => actor.send({ type: 'account.emailConfirmed' })}
      />
    </section>
  )
}

function LinkFailed({ actor }: { actor: AccountActor }) {
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslation()
  return (
    <div className="p-alert" role="alert" tabIndex={-1} {...VIEW_FOCUS}>
      <span className="p-alert__title">{t('account_link_failed')}</span>
      {error ? <p>{t(error)}</p> : null}
      <button
        type="button"
        className="p-button p-button--small"
        onClick={() => actor.send({ type: 'account.restart' })}
      >
        {t('account_send_new_link')}
      </button>
    </div>
  )
}

function SignedIn({ actor, business }: { actor: AccountActor; business: string | null }) {
  const email = useSelector(actor, (s) => s.context.signedInEmail)
  const appointments = useSelector(actor, (s) => s.context.appointments)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const error = useSelector(actor, (s) => s.context.error)
  const signingOut = useSelector(actor, (s) => s.matches('signingOut'))
  const { t } = useTranslation()
  return (
    <div className="p-booking-wizard">
      <div className="p-booking-account-bar">
        <p className="p-muted">
          <Emphasised t={t} message="account_signed_in_as" name="email" value={email ?? ''} />
        </p>
        <div className="p-booking-actions">
          <Link
            className="p-button p-button--small"
            href={bookingHref(PROFILE_CREATION_PATH, business)}
          >
            {t('account_your_details')}
          </Link>
          <button
            type="button"
            className="p-button p-button--small"
            aria-disabled={signingOut || undefined}
            onClick={() => {
              if (!signingOut) actor.send({ type: 'account.signOut' })
            }}
          >
            {signingOut ? t('account_signing_out') : t('account_sign_out')}
          </button>
        </div>
      </div>
      {failed ? (
        <Failure actor={actor} title={t('account_load_failed')} />
      ) : error ? (
        <div className="p-alert" role="alert">
          <p>{t(error)}</p>
        </div>
      ) : null}
      {appointments ? <AppointmentLists appointments={appointments} business={business} /> : null}
    </div>
  )
}

function AppointmentLists({
  appointments,
  business,
}: {
  appointments: MyAppointments
  business: string | null
}) {
  const timeZone = useMemo(detectedTimeZone, [])
  const book = bookingHref('/booking', business)
  const { t } = useTranslation()
  return (
    <>
      <section className="p-card p-stack" aria-labelledby="upcoming-title">
        <h2 id="upcoming-title" className="p-section-title" tabIndex={-1} {...VIEW_FOCUS}>
          {t('account_upcoming')}
        </h2>
        {appointments.upcoming.length === 0 ? (
          <>
            <p className="p-muted">{t('account_no_upcoming')}</p>
            <div className="p-booking-actions">
              <Link className="p-button p-button--primary" href={book}>
                {t('book_an_appointment')}
              </Link>
            </div>
          </>
        ) : (
          <AppointmentList items={appointments.upcoming} business={business} timeZone={timeZone} />
        )}
      </section>
      <section className="p-card p-stack" aria-labelledby="past-title">
        <h2 id="past-title" className="p-section-title">
          {t('account_past')}
        </h2>
        {appointments.past.length === 0 ? (
          <p className="p-muted">{t('account_no_past')}</p>
        ) : (
          <AppointmentList items={appointments.past} business={business} timeZone={timeZone} />
        )}
      </section>
      {appointments.upcoming.length > 0 ? (
        <p>
          <Link href={book}>{t('account_book_another')}</Link>
        </p>
      ) : null}
    </>
  )
}

function AppointmentList({
  items,
  business,
  timeZone,
}: {
  items: MyAppointments['upcoming']
  business: string | null
  timeZone: string
}) {
  const { t, language } = useTranslation()
  return (
    <ul className="p-choice-list">
      {items.map(({ appointment, manage_token }) => (
        <li key={appointment.id}>
          <Link className="p-choice" href={manageUrl(appointment.id, manage_token, business)}>
            <span className="p-choice__title">{appointment.service.name}</span>
            <span className="p-choice__meta">
              {formatDayAndTime(appointment.starts_at, timeZone, language)} ·{' '}
              {t('account_with', { member: appointment.team_member.name })}
              {appointment.status !== 'confirmed' ? ` · ${t(`status_${appointment.status}`)}` : ''}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  )
}
