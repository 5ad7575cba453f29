import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useRef } from 'react'
import { Button } from 'react-aria-components'
import { CustomerComboBox } from '../../components/appointments/customer-combo-box'
import { ModalDialog } from '../../components/modal-dialog'
import type { Appointment } from '../../machines/quick-appointment.machine'
import { createQuickAppointmentLogic } from './effects'
import { NewCustomerForm, Proposal, ServiceChoice } from './quick-appointment-steps'
import { validateQuickCustomer } from './quick-customer'

/**
 * Quick Appointment: choose a customer (or add one), choose a service, and book the next free
 * time the server proposes with one press. A modal react-aria dialog: focus is trapped inside,
 * moves to each next step, and returns to the header button when it closes.
 */
export function QuickAppointmentDialog({
  timeZone,
  teamMemberId,
  canAddServices,
  onBooked,
  onClose,
}: {
  timeZone: string
  /** Staff book only in their own column; null = any available team member. */
  teamMemberId: string | null
  canAddServices: boolean
  onBooked: (appointment: Appointment) => void
  onClose: () => void
}) {
  const latest = useRef(onBooked)
  latest.current = onBooked
  const logic = useMemo(
    () => createQuickAppointmentLogic((appointment) => latest.current(appointment)),
    [],
  )
  const actor = useActorRef(logic, {
    input: { teamMemberId, validateNewCustomer: validateQuickCustomer },
  })
  const send = actor.send

  const step = useSelector(actor, (s) => {
    if (s.matches('choosingCustomer')) return 'customer' as const
    if (s.matches('newCustomer')) return 'newCustomer' as const
    return 'slot' as const
  })
  const customer = useSelector(actor, (s) => s.context.customer)
  const service = useSelector(actor, (s) => s.context.service)
  const booking = useSelector(actor, (s) => s.matches('booking') || s.matches('booked'))

  return (
    <ModalDialog
      title="Quick Appointment"
      onClose={onClose}
      busy={booking}
      modalClass="p-quick-modal"
    >
      <p className="p-muted">
        Choose the customer and the service; the next free time is proposed, and one press books it.
      </p>

      {step === 'customer' ? (
        <div className="p-stack-sm">
          <CustomerComboBox
            value={null}
            autoFocus
            isRequired={false}
            noMatchText="No customer matches: add them with New customer."
            onChange={(chosen) => {
              if (chosen) send({ type: 'quick.customerChosen', customer: chosen })
            }}
          />
          <div>
            <Button
              className="p-button p-button--small"
              onPress={() => send({ type: 'quick.newCustomerStarted' })}
            >
              New customer
            </Button>
          </div>
        </div>
      ) : step === 'newCustomer' ? (
        <NewCustomerForm actor={actor} />
      ) : (
        <div className="p-quick-summary">
          <span>
            <span className="p-muted">Customer </span>
            <strong data-testid="quick-customer">{customer?.name}</strong>
          </span>
          <Button
            className="p-button p-button--small p-button--ghost"
            onPress={() => send({ type: 'quick.customerCleared' })}
            isDisabled={booking}
          >
            Change customer
          </Button>
        </div>
      )}

      {step === 'slot' ? (
        <>
          <ServiceChoice
            serviceId={service?.id ?? null}
            canAddServices={canAddServices}
            isDisabled={booking}
            onChosen={(chosen) => send({ type: 'quick.serviceChosen', service: chosen })}
          />
          <Proposal actor={actor} timeZone={timeZone} />
        </>
      ) : null}

      <div className="p-dialog__actions">
        <Button className="p-button" onPress={onClose} isDisabled={booking}>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}

/** What Quick Appointment says to a staff user with no team-member record of their own. */
export function QuickAppointmentUnavailable({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog title="Quick Appointment" onClose={onClose}>
      <p>
        Your account is not linked to a team member of this business, so there is no column to book
        in. An owner or admin can book for you, or link your account from the Team page.
      </p>
      <div className="p-dialog__actions">
        <Button className="p-button" onPress={onClose} autoFocus>
          Close
        </Button>
      </div>
    </ModalDialog>
  )
}
