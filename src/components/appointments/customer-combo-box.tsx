import { useEffect, useRef, useState } from 'react'
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
import { type Customer, searchCustomers } from '../../api/appointments'
import type { CustomerChoice } from '../../machines/appointment-form.machine'
import { FieldHelp, FieldLabel } from '../form/field-parts'

/** Wait this long after the last keystroke before asking the server. */
const SEARCH_DELAY_MS = 250

/**
 * Pick a customer by typing part of their name, e-mail or phone: the server searches
 * (GET /api/v1/customers?search=…) and the first matches are listed.
 */
export function CustomerComboBox({
  value,
  onChange,
  error,
  isDisabled,
  autoFocus,
  isRequired = true,
  noMatchText = 'No customer matches. Add them on the Customers page first.',
}: {
  value: CustomerChoice | null
  onChange: (customer: CustomerChoice | null) => void
  error?: string
  isDisabled?: boolean
  autoFocus?: boolean
  isRequired?: boolean
  /** What the empty list says; a screen that can add a customer right there says so. */
  noMatchText?: string
}) {
  const [inputValue, setInputValue] = useState(value?.name ?? '')
  const [items, setItems] = useState<Customer[]>([])
  const [searching, setSearching] = useState(false)
  const [failed, setFailed] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  // Focused one frame after mounting, not through react-aria's autoFocus: a modal dialog focuses
  // itself once it has opened, and with reduced motion (no opening animation) that came after the
  // field's own focus and took it away.
  useEffect(() => {
    if (!autoFocus) return
    const frame = requestAnimationFrame(() => input.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [autoFocus])

  // The prefilled customer arrives after the first render (loaded with the form's choices).
  useEffect(() => {
    if (value) setInputValue((shown) => (shown === '' ? value.name : shown))
  }, [value])

  useEffect(() => {
    const controller = new AbortController()
    setSearching(true)
    const timer = setTimeout(() => {
      // The selected name in the input lists everyone: the user opens the list to change.
      const text = value && inputValue === value.name ? '' : inputValue
      searchCustomers(text, controller.signal)
        .then((found) => {
          setItems(found)
          setFailed(false)
        })
        .catch(() => {
          if (!controller.signal.aborted) setFailed(true)
        })
        .finally(() => {
          if (!controller.signal.aborted) setSearching(false)
        })
    }, SEARCH_DELAY_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [inputValue, value])

  // react-aria finds the selected item's text in the list; keep the chosen one there.
  const shown =
    value && !items.some((item) => item.id === value.id)
      ? [{ id: value.id, name: value.name, email: null, phone: null } as const, ...items]
      : items

  return (
    <ComboBox
      className="p-field"
      name="customer_id"
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={error ? true : undefined}
      items={shown}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        if (key === null) return
        const picked = shown.find((item) => item.id === key)
        if (picked) {
          onChange({ id: picked.id, name: picked.name })
          setInputValue(picked.name)
        }
      }}
      inputValue={inputValue}
      onInputChange={setInputValue}
      // Typing opens the list (the button too); focus alone would cover the form at once.
      menuTrigger="input"
      allowsEmptyCollection
      // The server has searched name, e-mail and phone; react-aria's own filter would look at
      // the name alone and hide a customer found by e-mail or phone.
      defaultFilter={() => true}
    >
      <FieldLabel isRequired={isRequired}>Customer</FieldLabel>
      <Group className="p-input-group">
        <Input ref={input} className="p-input" placeholder="Search by name, e-mail or phone" />
        <Button className="p-input-group__button" aria-label="Show customers">
          <span className="p-chevron" aria-hidden="true">
            ▼
          </span>
        </Button>
      </Group>
      <FieldHelp label="Customer" error={error} />
      <Popover className="p-popover">
        <ListBox
          className="p-listbox"
          renderEmptyState={() => (
            <div className="p-listbox__empty">
              {failed
                ? 'Customers could not be searched. Try again.'
                : searching
                  ? 'Searching…'
                  : noMatchText}
            </div>
          )}
        >
          {(item: (typeof shown)[number]) => (
            <ListBoxItem className="p-listbox__item" id={item.id} textValue={item.name}>
              <Text slot="label">{item.name}</Text>
              {item.email || item.phone ? (
                <Text slot="description" className="p-listbox__item-description">
                  {[item.email, item.phone].filter(Boolean).join(' · ')}
                </Text>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
