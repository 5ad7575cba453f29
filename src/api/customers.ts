import type { Client } from 'openapi-fetch'
import type { components, paths } from '../../shared/contract/schema'
import { ApiError, unwrap } from './api-error'
import { api } from './client'

// The customer calls two features share: the customers screens and Quick Appointment on the
// dashboard both create a customer, and both show a taken e-mail the same way.

export type Customer = components['schemas']['Customer']
export type CustomerInput = components['schemas']['CustomerInput']
export type CustomerPatch = components['schemas']['CustomerPatch']

export const DUPLICATE_EMAIL_MESSAGE = 'A customer with this e-mail already exists'

/**
 * A 409 for an e-mail another customer of this business has: the message lands at the e-mail
 * field, and the screen links to the customer who is already there.
 */
export class DuplicateCustomerError extends ApiError {
  readonly existingHref: string | null

  constructor(body: unknown) {
    super(409, body)
    this.name = 'DuplicateCustomerError'
    this.existingHref = this.problem.existing?.href ?? null
    Object.assign(this.fieldErrors, { email: `${DUPLICATE_EMAIL_MESSAGE}.` })
  }
}

/** unwrap, with a 409 that names the existing customer as a DuplicateCustomerError. */
export function unwrapCustomer<Data>(result: {
  data?: Data
  error?: unknown
  response: Response
}): Data {
  const { error, response } = result
  if (
    response.status === 409 &&
    typeof error === 'object' &&
    error !== null &&
    'existing' in error
  ) {
    throw new DuplicateCustomerError(error)
  }
  return unwrap(result)
}

export async function createCustomer(
  body: CustomerInput,
  client: Client<paths> = api,
): Promise<Customer> {
  return unwrapCustomer(await client.POST('/api/v1/customers', { body }))
}
