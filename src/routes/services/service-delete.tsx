import { useState } from 'react'
import { Button } from 'react-aria-components'
import { ApiError } from '../../api/api-error'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { deleteService, updateService } from './service-api'
import type { Service } from './service-values'

type Outcome = { kind: 'deleted' } | { kind: 'deactivated'; service: Service }

/**
 * "Delete service" with its confirmation. While appointments use the service the server
 * refuses (409) and says why; the dialog shows that and offers to deactivate it instead.
 */
export function ServiceDeleteSection({
  service,
  onDone,
}: {
  service: Pick<Service, 'id' | 'name' | 'active'>
  onDone: (outcome: Outcome) => void
}) {
  const [isOpen, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [refused, setRefused] = useState(false)

  const open = (next: boolean) => {
    if (busy) return
    setOpen(next)
    if (next) {
      setError(null)
      setRefused(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteService(service.id)
      setOpen(false)
      onDone({ kind: 'deleted' })
    } catch (failure) {
      setRefused(failure instanceof ApiError && failure.status === 409)
      setError(failure instanceof Error ? failure.message : 'The service could not be deleted.')
    } finally {
      setBusy(false)
    }
  }

  const deactivate = async () => {
    setBusy(true)
    try {
      const updated = await updateService(service.id, { active: false })
      setOpen(false)
      onDone({ kind: 'deactivated', service: updated })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The service could not be deactivated.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="p-form-section p-danger-zone" aria-labelledby="service-delete">
      <h2 id="service-delete" className="p-form-section__title">
        Delete service
      </h2>
      <p className="p-form-section__intro">
        Deleting removes the service for good. A service with appointments cannot be deleted;
        deactivate it instead, so it can no longer be booked.
      </p>
      <div>
        <Button className="p-button p-button--danger" onPress={() => open(true)}>
          Delete service
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={open}
        title={refused ? `${service.name} cannot be deleted` : `Delete ${service.name}?`}
        confirmLabel="Delete service"
        onConfirm={remove}
        busy={busy}
        error={error}
        extraAction={
          refused && service.active ? (
            <Button className="p-button p-button--primary" onPress={deactivate} isPending={busy}>
              Deactivate instead
            </Button>
          ) : null
        }
      >
        {refused ? (
          <p>
            {service.active
              ? 'Deactivating keeps it in the history and stops new bookings.'
              : 'It is already inactive, so it can no longer be booked.'}
          </p>
        ) : (
          <p>This cannot be undone. Customers will no longer see it.</p>
        )}
      </ConfirmDialog>
    </section>
  )
}
