import { useEffect, useState } from 'react'
import {
  Button,
  ComboBox,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components'
import type { components } from '../../api/schema'
import { searchCustomers } from '../../components/appointments/appointment-api'
import { FieldLabel } from '../../components/form/field-parts'
import type { ChosenCustomer } from '../../machines/quick-appointment.machine'

type Customer = components['schemas']['Customer']

/** Typing pauses this long before the server is asked. */
const SEARCH_DEBOUNCE_MS = 250

/** The server's matches for what was typed; stale answers never replace newer ones. */
function useCustomerSearch(text: string) {
  const [customers, setCustomers] = useState<Customer[]>([])
  const [loading, setLoading] = useState(true)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let current = true
    setLoading(true)
    const timer = setTimeout(() => {
      searchCustomers(text)
        .then((found) => {
          if (!current) return
          setCustomers(found)
          setError(null)
        })
        .catch((failure: unknown) => {
          if (!current) return
          setError(failure instanceof Error ? failure.message : 'Customers could not be loaded.')
        })
        .finally(() => {
          if (current) setLoading(false)
        })
    }, SEARCH_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [text])

  return { customers, loading, error }
}

function contactOf(customer: Customer): string {
  return [customer.email, customer.phone].filter(Boolean).join(' · ')
}

/**
 * Choose an existing customer by typing part of their name, e-mail or phone (searched on the
 * server, like the customer list). Arrow keys and Enter choose.
 */
export function CustomerPicker({
  onChosen,
  autoFocus,
}: {
  onChosen: (customer: ChosenCustomer) => void
  autoFocus?: boolean
}) {
  const [text, setText] = useState('')
  const { customers, loading, error } = useCustomerSearch(text)

  return (
    <ComboBox
      className="p-field"
      items={customers}
      inputValue={text}
      onInputChange={setText}
      onSelectionChange={(key) => {
        const customer = customers.find((candidate) => candidate.id === key)
        if (customer) onChosen({ id: customer.id, name: customer.name })
      }}
      // Typing (or the arrow keys, or the button) opens the list; focus alone leaves the
      // "New customer" button below in view.
      menuTrigger="input"
      allowsEmptyCollection
      // The server has filtered already; react-aria must not filter its answer again.
      defaultFilter={() => true}
    >
      <FieldLabel>Customer</FieldLabel>
      <Group className="p-input-group">
        <Input className="p-input" placeholder="Name, e-mail or phone" autoFocus={autoFocus} />
        <Button className="p-input-group__button" aria-label="Show customers">
          <span className="p-chevron" aria-hidden="true">
            ▼
          </span>
        </Button>
      </Group>
      {error ? (
        <Text slot="errorMessage" className="p-field__error">
          {error}
        </Text>
      ) : null}
      <Popover className="p-popover">
        <ListBox<Customer>
          className="p-listbox"
          renderEmptyState={() => (
            <div className="p-listbox__empty">
              {loading ? 'Searching…' : text.trim() ? 'No customer matches.' : 'No customers yet.'}
            </div>
          )}
        >
          {(customer) => (
            <ListBoxItem className="p-listbox__item" id={customer.id} textValue={customer.name}>
              <Text slot="label">{customer.name}</Text>
              {contactOf(customer) ? (
                <Text slot="description" className="p-listbox__item-description">
                  {contactOf(customer)}
                </Text>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
