import type { Customer } from '../../api/customers'
import './customers.css'
import { useState } from 'react'
import { Link, useParams } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { ApiError } from '../../api/api-error'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import {
  type CustomerValues,
  customerToValues,
  EMPTY_CUSTOMER,
  validateCustomer,
  valuesToPatch,
} from '../../components/customer-values'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { DangerZone } from '../../components/form/danger-zone'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { useConfirmedAction } from '../../components/form/use-confirmed-action'
import { useEntityForm } from '../../components/form/use-entity-form'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { deleteCustomer, loadCustomer, updateCustomer } from './api'
import { CustomerAppointmentHistory } from './customer-appointment-history'
import { EraseCustomer, ExportCustomerData } from './customer-data-rights'
import { CustomerForm } from './customer-form'
import { CustomerLoadFailed } from './customer-load-failed'

const customerEditForm = createEntityFormMachine<CustomerValues, Customer>()

/**
 * /customers/:id/edit: the customer's details (the client profile at /customers/:id links here),
 * their appointment history, and (owner, admin) export, erase and delete.
 */
export function CustomerEditScreen() {
  const { id = '' } = useParams<{ id: string }>()
  // Keyed: moving from one customer to another (the duplicate link) starts a fresh form.
  return <CustomerEdit key={id} id={id} />
}

function CustomerEdit({ id }: { id: string }) {
  const toast = useToast()
  const profile = useProfile()
  const [erasedAt, setErasedAt] = useState<string | null>(null)
  // The name as saved: the erase dialog asks for it, not for an unsaved edit in the form.
  const [savedName, setSavedName] = useState('')
  const form = useEntityForm<CustomerValues, Customer>({
    machine: customerEditForm,
    id,
    initialValues: EMPTY_CUSTOMER,
    validate: validateCustomer,
    load: async (customerId) => {
      const customer = await loadCustomer(customerId)
      setErasedAt(customer.erased_at ?? null)
      setSavedName(customer.name)
      return customerToValues(customer)
    },
    save: ({ id: customerId, values, initial }) =>
      updateCustomer(customerId ?? id, valuesToPatch(initial, values)),
    onSaved: () => toast.success('Your changes to this customer were saved.', 'Customer saved'),
  })

  if (form.loadFailed) {
    const status = form.failure?.cause instanceof ApiError ? form.failure.cause.status : null
    return (
      <CustomerLoadFailed
        missing={status === 404 || status === 400}
        message={form.formError}
        onRetry={form.retryLoad}
      />
    )
  }

  return (
    <div className="p-form-page">
      <Link href={`/customers/${id}`} className="p-customer-back">
        ← Client profile
      </Link>
      {form.isLoading ? (
        <FormSkeleton fields={7} label="Loading the customer…" />
      ) : (
        <CustomerForm
          form={form}
          businessTimeZone={profile?.tenant.time_zone ?? null}
          saveLabel="Save changes"
        />
      )}
      {erasedAt ? (
        <p className="p-alert" role="status">
          This customer’s personal data was erased on {new Date(erasedAt).toLocaleDateString()}.
          Their appointments stay, anonymised; the record can no longer be changed.
        </p>
      ) : null}
      <CustomerAppointmentHistory customerId={id} />
      {profile && can(profile.permission, 'customers.export') && !form.isLoading ? (
        <ExportCustomerData id={id} />
      ) : null}
      {profile && can(profile.permission, 'customers.delete') && !form.isLoading && !erasedAt ? (
        <>
          <EraseCustomer id={id} name={savedName} />
          <DeleteCustomer id={id} name={form.values.name} />
        </>
      ) : null}
    </div>
  )
}

function DeleteCustomer({ id, name }: { id: string; name: string }) {
  const deletion = useConfirmedAction()
  return (
    <DangerZone
      id="customer-delete"
      title="Delete customer"
      intro={
        <p className="p-muted">
          Removes this customer and their details. A customer with upcoming appointments cannot be
          deleted.
        </p>
      }
      actionLabel="Delete customer"
      onAction={deletion.open}
    >
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${name || 'this customer'}?`}
        confirmLabel="Delete customer"
        onConfirm={() =>
          deletion.run(
            async () => {
              await deleteCustomer(id)
              return {
                message: `${name || 'The customer'} was deleted.`,
                title: 'Customer deleted',
                to: '/customers',
              }
            },
            { failure: 'The customer could not be deleted.' },
          )
        }
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </DangerZone>
  )
}
