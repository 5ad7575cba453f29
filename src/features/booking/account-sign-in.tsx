import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Link } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import { useTranslation } from '../../app/i18n'
import { type AccountActor, VIEW_FOCUS } from './account-view'
import { Emphasised } from './emphasised'
import { focusFirstInvalidField } from './focus-first-invalid'

/*
 * The account page before the customer is signed in: asking for a link, the link sent,
 * confirming the address a link was opened with, and a link that failed.
 */

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

export function RequestLink({ actor, business }: { actor: AccountActor; business: string | null }) {
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

export function LinkSent({ actor }: { actor: AccountActor }) {
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

export function ConfirmEmail({ actor }: { actor: AccountActor }) {
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

export function LinkFailed({ actor }: { actor: AccountActor }) {
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
