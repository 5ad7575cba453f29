import type { CustomerInput } from '../../api/customers'
import { EMPTY_CUSTOMER, validateCustomer, valuesToInput } from '../../components/customer-values'
import type { FieldErrors } from '../../machines/entity-form.machine'
import type { NewCustomerValues } from '../../machines/quick-appointment.machine'

/**
 * The inline customer of Quick Appointment: the customer form's checks, and a way to reach
 * them (e-mail or phone), since the appointment is of little use without one.
 */
export function validateQuickCustomer(values: NewCustomerValues): FieldErrors {
  const errors = validateCustomer({ ...EMPTY_CUSTOMER, ...values })
  if (values.email.trim() === '' && values.phone.trim() === '' && !errors.email) {
    errors.email = 'Enter an e-mail address or a phone number.'
  }
  return errors
}

export function quickCustomerInput(values: NewCustomerValues): CustomerInput {
  const { name, email, phone } = valuesToInput({ ...EMPTY_CUSTOMER, ...values })
  return { name, email, phone }
}
