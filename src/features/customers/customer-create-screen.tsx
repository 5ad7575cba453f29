import { type Customer, createCustomer } from '../../api/customers'
import './customers.css'
import { useLocation } from 'wouter'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import {
  type CustomerValues,
  EMPTY_CUSTOMER,
  validateCustomer,
  valuesToInput,
} from '../../components/customer-values'
import { useEntityForm } from '../../components/form/use-entity-form'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { CustomerForm } from './customer-form'

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
