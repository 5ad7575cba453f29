import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Button } from 'react-aria-components'
import type { Appointment } from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import type { NoShowFee } from '../../machines/no-show-fee.machine'
import { formatMoney } from '../form/money'
import { formatClockTime } from './appointment-format'
import { createNoShowFeeLogic } from './effects'

function amountOf(fee: NoShowFee): string {
  return fee.amount_minor !== null && fee.currency
    ? formatMoney(fee.amount_minor, fee.currency)
    : 'the fee'
}

/**
 * The no-show fee in the appointment dialog: once an appointment whose card was kept at booking
 * is marked a no-show, it offers to charge the service's fee (the amount shown, then confirmed).
 * A decline shows Stripe's reason and a button to try again; nothing is retried by itself.
 * Renders nothing when there is no kept card, or the appointment is not a no-show.
 */
export function NoShowFeePanel({
  appointment,
  timeZone,
  canCharge,
}: {
  appointment: Appointment
  timeZone: string
  /** Whether this user may close (and so charge) this appointment. */
  canCharge: boolean
}) {
  const toast = useToast()
  const [logic] = useState(() =>
    createNoShowFeeLogic((fee) => toast.success(`The no-show fee of ${amountOf(fee)} is charged.`)),
  )
  const actor = useActorRef(logic, {
    input: { appointmentId: appointment.id, newKey: () => crypto.randomUUID() },
  })
  const fee = useSelector(actor, (s) => s.context.fee)
  const error = useSelector(actor, (s) => s.context.error)
  const step = useSelector(actor, (s) =>
    s.matches('confirming')
      ? 'confirming'
      : s.matches('charging')
        ? 'charging'
        : s.matches('uncertain')
          ? 'uncertain'
          : s.matches('loadFailed')
            ? 'loadFailed'
            : 'idle',
  )
  const confirmRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (step === 'confirming') confirmRef.current?.focus()
  }, [step])

  if (step === 'loadFailed') {
    return (
      <section className="p-appointment-step p-stack-sm" aria-label="No-show fee">
        <div className="p-alert" role="alert">
          {error}
        </div>
        <div>
          <Button className="p-button" onPress={() => actor.send({ type: 'fee.reload' })}>
            Load the no-show fee again
          </Button>
        </div>
      </section>
    )
  }
  if (!fee || fee.state === 'no_card' || fee.state === 'not_a_no_show') return null

  const amount = amountOf(fee)
  return (
    <section
      className="p-appointment-step p-stack-sm"
      aria-labelledby="no-show-fee-title"
      data-testid="no-show-fee"
    >
      <h3 id="no-show-fee-title" className="p-appointment-step__title">
        No-show fee
      </h3>
      {error ? (
        <div className="p-alert" role="alert">
          {error}
        </div>
      ) : null}
      {fee.state === 'charged' ? (
        <p role="status">
          {amount} was charged to the card kept at booking
          {fee.charged_at ? ` at ${formatClockTime(fee.charged_at, timeZone)}` : ''}. The customer
          is told by e-mail.
        </p>
      ) : step === 'confirming' ? (
        <div className="p-stack-sm">
          <p>
            Charge {amount} to the card {appointment.customer_name} left when booking? It is charged
            once, now, without them.
          </p>
          <div className="p-dialog__actions">
            <Button className="p-button" onPress={() => actor.send({ type: 'fee.back' })}>
              Back
            </Button>
            <Button
              ref={confirmRef}
              className="p-button p-button--primary"
              onPress={() => actor.send({ type: 'fee.confirm' })}
            >
              Charge {amount}
            </Button>
          </div>
        </div>
      ) : step === 'charging' ? (
        <p role="status" aria-live="polite">
          <span className="p-spinner" aria-hidden="true" /> Charging {amount}…
        </p>
      ) : step === 'uncertain' ? (
        <div className="p-stack-sm">
          <p>
            It is not known yet whether {amount} was charged. Checking again asks about the same
            charge, so it is never taken twice.
          </p>
          <div>
            <Button
              className="p-button p-button--primary"
              onPress={() => actor.send({ type: 'fee.retry' })}
            >
              Check and finish the charge
            </Button>
          </div>
        </div>
      ) : (
        <div className="p-stack-sm">
          {fee.state === 'declined' ? (
            <div className="p-alert" role="alert">
              <strong className="p-alert__title">The card was declined</strong>
              {fee.failure_message ?? 'Stripe gave no reason.'} Nothing was charged.
            </div>
          ) : fee.state === 'charging' ? (
            <p>A charge of {amount} was started and not finished.</p>
          ) : (
            <p>
              {appointment.customer_name} did not come; the card they left when booking can be
              charged the service's no-show fee of {amount}.
            </p>
          )}
          {canCharge ? (
            <div>
              <Button
                className="p-button p-button--primary"
                onPress={() => actor.send({ type: 'fee.charge' })}
              >
                {fee.state === 'declined'
                  ? `Try charging ${amount} again`
                  : fee.state === 'charging'
                    ? `Finish charging ${amount}`
                    : `Charge no-show fee (${amount})`}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </section>
  )
}
