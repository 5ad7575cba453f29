import { useSelector } from '@xstate/react'
import { useTranslation } from '../../app/i18n'
import { type ManageActor, SECTION_FOCUS } from './manage-view'

/** The manage link's cancel part: the reason asked for, then the cancellation sent. */
export function Cancel({ actor }: { actor: ManageActor }) {
  const reason = useSelector(actor, (s) => s.context.reason)
  const reasonError = useSelector(actor, (s) => s.context.reasonError)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const saveError = useSelector(actor, (s) =>
    s.matches({ cancelling: 'saveFailed' }) ? s.context.error : null,
  )
  const { t } = useTranslation()
  return (
    <section className="p-card p-stack" aria-labelledby="cancel-title">
      <h2 id="cancel-title" className="p-section-title" tabIndex={-1} {...SECTION_FOCUS}>
        {t('manage_cancel_title')}
      </h2>
      {saveError ? (
        <div className="p-alert" role="alert">
          <span className="p-alert__title">{t('manage_not_cancelled_title')}</span>
          <p>{t(saveError)}</p>
        </div>
      ) : null}
      <form
        className="p-booking-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send(saveError ? { type: 'manage.retry' } : { type: 'manage.cancelConfirmed' })
        }}
      >
        <div className="p-field">
          <label className="p-field__label" htmlFor="cancel-reason">
            {t('manage_reason')}
          </label>
          <textarea
            id="cancel-reason"
            className="p-input"
            rows={3}
            maxLength={500}
            required
            value={reason}
            readOnly={busy}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'cancel-reason-error' : undefined}
            onChange={(event) =>
              actor.send({ type: 'manage.reasonChanged', reason: event.target.value })
            }
          />
          {reasonError ? (
            <p id="cancel-reason-error" className="p-field__error">
              {t(reasonError)}
            </p>
          ) : null}
        </div>
        <div className="p-booking-actions">
          <button
            type="submit"
            className="p-button p-button--danger"
            aria-disabled={busy || undefined}
          >
            {busy ? t('manage_cancelling') : saveError ? t('try_again') : t('manage_cancel')}
          </button>
          <button
            type="button"
            className="p-button p-button--ghost"
            onClick={() => actor.send({ type: 'manage.back' })}
          >
            {t('manage_keep_it')}
          </button>
        </div>
      </form>
    </section>
  )
}
