import { useMemo, useState } from 'react'
import {
  Button,
  ComboBox,
  Group,
  Input,
  ListBox,
  ListBoxItem,
  Popover,
} from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

/** How many matches the popover lists at once; typing narrows the rest. */
const MAX_SHOWN = 100

/**
 * Pick one value of a long list by typing (time zones, countries). Only listed values can be
 * chosen; the list shows the first matches of what was typed, anywhere in the value.
 */
export function FormComboBoxField({
  value,
  onChange,
  options,
  placeholder,
  ...props
}: FieldBaseProps & {
  value: string | null
  onChange: (value: string | null) => void
  options: readonly string[]
  placeholder?: string
}) {
  const [inputValue, setInputValue] = useState(value ?? '')
  const [typing, setTyping] = useState(false)
  // Shown text follows the value unless the user is typing a search.
  const shownInput = typing ? inputValue : (value ?? '')
  const matches = useMemo(() => {
    const needle = typing ? inputValue.trim().toLowerCase().replaceAll(' ', '_') : ''
    const found = needle
      ? options.filter((option) => option.toLowerCase().includes(needle))
      : options
    const shown = found.slice(0, MAX_SHOWN)
    // react-aria finds the selected item's text in the collection; keep it there.
    if (value && !shown.includes(value) && options.includes(value)) shown.unshift(value)
    return shown.map((option) => ({ id: option }))
  }, [options, inputValue, typing, value])

  return (
    <ComboBox
      className={fieldClassName(props)}
      {...fieldStateProps(props)}
      items={matches}
      selectedKey={value}
      onSelectionChange={(key) => {
        setTyping(false)
        onChange(key === null ? null : String(key))
      }}
      inputValue={shownInput}
      onInputChange={(text) => {
        setInputValue(text)
        setTyping(text !== (value ?? ''))
      }}
      onOpenChange={(isOpen) => {
        if (!isOpen) setTyping(false)
      }}
      menuTrigger="focus"
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Group className="p-input-group">
        <Input className="p-input" placeholder={placeholder} />
        <Button
          className="p-input-group__button"
          aria-label={`Show ${props.label.toLowerCase()} options`}
        >
          <span className="p-chevron" aria-hidden="true">
            ▼
          </span>
        </Button>
      </Group>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
      <Popover className="p-popover">
        <ListBox
          className="p-listbox"
          renderEmptyState={() => <div className="p-listbox__empty">No matches.</div>}
        >
          {(item: { id: string }) => (
            <ListBoxItem className="p-listbox__item" id={item.id} textValue={item.id}>
              {item.id.replaceAll('_', ' ')}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}
