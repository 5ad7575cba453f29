import './customers/customers.css'
import { useLocation } from 'wouter'
import type { Customer } from '../api/customers'
import { createCustomer } from '../api/customers'
import { useProfile } from '../app/auth-context'
import { useToast } from '../app/toast-context'
import { useEntityForm } from '../components/form/use-entity-form'
import { createEntityFormMachine } from '../machines/entity-form.machine'
import { CustomerForm } from './customers/customer-form'
import {
  type CustomerValues,
  EMPTY_CUSTOMER,
  validateCustomer,
  valuesToInput,
} from './customers/customer-values'

const customerCreateForm = createEntityFormMachine<CustomerValues, Customer>()

/** /customers/create */
export function CustomerCreateScreen() {
  const [, navigate] = useLocation()
  const toast = useToast()
  const profile = useProfile()
  const form = useEntityForm<CustomerValues, Customer>({
    machine: customerCreateForm,
    initialValues: EMPTY_CUSTOMER,
    validate: validateCustomer,
    save: ({ values }) => createCustomer(valuesToInput(values)),
    onSaved: (customer) => {
      toast.success(`${customer.name} was added to your customers.`, 'Customer added')
      navigate('/customers')
    },
  })

  return (
    <div className="p-form-page">
      <CustomerForm
        form={form}
        businessTimeZone={profile?.tenant.time_zone ?? null}
        saveLabel="Add customer"
      />
    </div>
  )
}
