import { useActorRef, useSelector } from '@xstate/react'
import { useId } from 'react'
import { Checkbox } from 'react-aria-components'
import { formatMoney } from '../form/money'
import { createAppointmentPaymentsLogic } from './effects'

/**
 * What cancelling does with the money the customer paid, said before staff confirm: the
 * business cancelling refunds it in full; after the cancellation cut-off staff may keep it
 * instead (the refund rule the booking page showed allows that), by ticking the box.
 * Nothing shows for an appointment without money held.
 */
export function CancellationRefundNotice({
  appointmentId,
  keepPayment,
  onKeepPaymentChange,
  isDisabled,
}: {
  appointmentId: string
  keepPayment: boolean
  onKeepPaymentChange: (keep: boolean) => void
  isDisabled: boolean
}) {
  const actor = useActorRef(createAppointmentPaymentsLogic(appointmentId))
  const data = useSelector(actor, (s) => s.context.data)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const helpId = useId()
  if (loading) {
    return (
      <p className="p-field__description" role="status">
        Checking the payment…
      </p>
    )
  }
  const cancellation = data?.cancellation
  if (!data || !cancellation) return null
  const money = (amount: number) => formatMoney(amount, data.currency ?? 'USD')
  const refund = keepPayment ? 0 : cancellation.refund_minor
  return (
    <div className="p-field" data-testid="cancellation-refund">
      <p id={helpId} role="status">
        {refund > 0
          ? `${money(refund)} paid online will be refunded to the customer in full.`
          : `Nothing is refunded: the ${money(cancellation.keepable_minor)} paid online is kept.`}
      </p>
      {cancellation.keepable_minor > 0 ? (
        <Checkbox
          className="p-checkbox"
          name="keep_payment"
          isSelected={keepPayment}
          onChange={onKeepPaymentChange}
          isDisabled={isDisabled}
          aria-describedby={helpId}
        >
          {({ isSelected }) => (
            <>
              <span className="p-checkbox__box" aria-hidden="true">
                {isSelected ? '✓' : ''}
              </span>
              Keep the {money(cancellation.keepable_minor)}: the cancellation cut-off has passed
            </>
          )}
        </Checkbox>
      ) : null}
    </div>
  )
}
