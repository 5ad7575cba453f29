import { useState } from 'react'
import { Button } from 'react-aria-components'
import { ApiError } from '../../api/api-error'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { DangerZone } from '../../components/form/danger-zone'
import { useConfirmedAction } from '../../components/form/use-confirmed-action'
import { deleteService, updateService } from './api'
import type { Service } from './service-values'

/**
 * "Delete service" with its confirmation. While appointments use the service the server
 * refuses (409) and says why; the dialog shows that and offers to deactivate it instead.
 */
export function ServiceDeleteSection({
  service,
}: {
  service: Pick<Service, 'id' | 'name' | 'active'>
}) {
  const deletion = useConfirmedAction()
  const [refused, setRefused] = useState(false)

  const remove = () =>
    deletion.run(
      async () => {
        await deleteService(service.id)
        return {
          message: `${service.name} was deleted.`,
          title: 'Service deleted',
          to: '/services',
        }
      },
      {
        failure: 'The service could not be deleted.',
        onFailure: (failure) => setRefused(failure instanceof ApiError && failure.status === 409),
      },
    )

  const deactivate = () =>
    deletion.run(
      async () => {
        const updated = await updateService(service.id, { active: false })
        return {
          message: `${updated.name} is now inactive and can no longer be booked.`,
          title: 'Service deactivated',
          to: '/services',
        }
      },
      { failure: 'The service could not be deactivated.', keepError: true },
    )

  return (
    <DangerZone
      id="service-delete"
      title="Delete service"
      intro={
        <p className="p-form-section__intro">
          Deleting removes the service for good. A service with appointments cannot be deleted;
          deactivate it instead, so it can no longer be booked.
        </p>
      }
      actionLabel="Delete service"
      onAction={() => {
        setRefused(false)
        deletion.open()
      }}
    >
      <ConfirmDialog
        {...deletion.dialog}
        title={refused ? `${service.name} cannot be deleted` : `Delete ${service.name}?`}
        confirmLabel="Delete service"
        onConfirm={remove}
        extraAction={
          refused && service.active ? (
            <Button
              className="p-button p-button--primary"
              onPress={deactivate}
              isPending={deletion.dialog.busy}
            >
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
    </DangerZone>
  )
}
