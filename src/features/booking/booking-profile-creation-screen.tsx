import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { bookingHref } from '../../../shared/booking-links'
import type { MessageKey } from '../../../shared/i18n/en'
import { useTranslation } from '../../app/i18n'
import type { ProfileField } from '../../machines/customer-profile.machine'
import { LoadingCard, RetryAlert } from './booking-status'
import { createCustomerProfileLogic } from './customer-account-effects'
import { MY_APPOINTMENTS_PATH, profileReturnPath } from './customer-links'
import { Emphasised } from './emphasised'
import { focusFirstInvalidField } from './focus-first-invalid'
import { pageBusiness } from './page-business'

type ProfileActor = ReturnType<typeof useActorRef<ReturnType<typeof createCustomerProfileLogic>>>

const FIELDS: {
  field: ProfileField
  label: MessageKey
  type: 'text' | 'tel'
  autoComplete: string
}[] = [
  { field: 'name', label: 'field_name', type: 'text', autoComplete: 'name' },
  { field: 'phone', label: 'field_phone', type: 'tel', autoComplete: 'tel' },
]

/**
 * `/booking/profile-creation`: the signed-in customer's name and phone with this business, so
 * the business knows who they are and their next booking is prefilled. Then back to where they
 * came from (`?next=`), else their appointments.
 */
export function BookingProfileCreationScreen() {
  const [, navigate] = useLocation()
  const search = useSearch()
  const business = pageBusiness()
  const returnTo = profileReturnPath(search, business)
  const logic = useMemo(
    () =>
      createCustomerProfileLogic({
        business,
        goToSignIn: () => navigate(bookingHref(MY_APPOINTMENTS_PATH, business), { replace: true }),
        goBack: () => navigate(returnTo),
      }),
    [business, navigate, returnTo],
  )
  const actor = useActorRef(logic)
  const loading = useSelector(actor, (s) => s.hasTag('loading') || s.matches('leaving'))
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const { t } = useTranslation()

  if (loading) {
    return <LoadingCard label={t('details_loading')} />
  }
  if (failed) return <LoadFailed actor={actor} />
  return <ProfileForm actor={actor} returnTo={returnTo} />
}

function LoadFailed({ actor }: { actor: ProfileActor }) {
  const error = useSelector(actor, (s) => s.context.error)
  const { t } = useTranslation()
  return (
    <RetryAlert
      title={t('details_load_failed')}
      message={error ? t(error) : null}
      onRetry={() => actor.send({ type: 'profile.retry' })}
    />
  )
}

function ProfileForm({ actor, returnTo }: { actor: ProfileActor; returnTo: string }) {
  const email = useSelector(actor, (s) => s.context.email)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const error = useSelector(actor, (s) => s.context.error)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const { t } = useTranslation()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    actor.send({ type: 'profile.submitted' })
    focusFirstInvalidField(event.currentTarget)
  }

  return (
    <section className="p-card p-stack" aria-labelledby="profile-title">
      <h2 id="profile-title" className="p-section-title">
        {t('account_your_details')}
      </h2>
      <p className="p-muted">
        <Emphasised t={t} message="details_intro" name="email" value={email} />
      </p>
      {error ? (
        <div className="p-alert" role="alert">
          <p>{t(error)}</p>
        </div>
      ) : null}
      <form className="p-form p-booking-form" noValidate onSubmit={submit}>
        {FIELDS.map(({ field, label, type, autoComplete }) => {
          const id = `profile-${field}`
          const message = errors[field]
          return (
            <div className="p-field" key={field}>
              <label className="p-field__label" htmlFor={id}>
                {t(label)}
              </label>
              <input
                id={id}
                name={field}
                type={type}
                className="p-input"
                autoComplete={autoComplete}
                required={field === 'name'}
                value={values[field]}
                readOnly={busy}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-error` : undefined}
                onChange={(event) =>
                  actor.send({ type: 'profile.changed', values: { [field]: event.target.value } })
                }
              />
              {message ? (
                <p id={`${id}-error`} className="p-field__error">
                  {t(message)}
                </p>
              ) : null}
            </div>
          )
        })}
        <div className="p-booking-actions">
          <button
            type="submit"
            className="p-button p-button--primary"
            aria-disabled={busy || undefined}
          >
            {busy ? t('details_saving') : t('details_save')}
          </button>
          <Link className="p-button" href={returnTo}>
            {t('details_not_now')}
          </Link>
        </div>
      </form>
    </section>
  )
}
