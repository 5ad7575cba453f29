import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
} from 'react-aria-components'
import {
  type FieldBaseProps,
  FieldHelp,
  FieldLabel,
  fieldClassName,
  fieldStateProps,
} from './field-parts'

export interface SelectOption<Value extends string = string> {
  id: Value
  label: string
  description?: string
}

/** A single choice from a short list (a listbox in a popover, typeahead and arrow keys). */
export function FormSelectField<Value extends string>({
  value,
  onChange,
  options,
  placeholder = 'Choose…',
  ...props
}: FieldBaseProps & {
  value: Value | null
  onChange: (value: Value) => void
  options: readonly SelectOption<Value>[]
  placeholder?: string
}) {
  const { isReadOnly, ...state } = fieldStateProps(props)
  return (
    <Select
      className={fieldClassName(props)}
      {...state}
      isDisabled={state.isDisabled || isReadOnly}
      value={value}
      onChange={(key) => {
        if (key !== null) onChange(String(key) as Value)
      }}
      placeholder={placeholder}
    >
      <FieldLabel isRequired={props.isRequired}>{props.label}</FieldLabel>
      <Button className="p-select-button">
        {/* The chosen option's label only; its description belongs to the open list. */}
        <SelectValue<SelectOption<Value>>>
          {({ isPlaceholder, selectedText }) => (isPlaceholder ? placeholder : selectedText)}
        </SelectValue>
        <span className="p-chevron" aria-hidden="true">
          ▼
        </span>
      </Button>
      <FieldHelp label={props.label} description={props.description} error={props.error} />
      <Popover className="p-popover">
        <ListBox className="p-listbox" items={options}>
          {(option) => (
            <ListBoxItem className="p-listbox__item" id={option.id} textValue={option.label}>
              <Text slot="label">{option.label}</Text>
              {option.description ? (
                <Text slot="description" className="p-listbox__item-description">
                  {option.description}
                </Text>
              ) : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}
