import { Button, Group, Input, Label, SearchField } from 'react-aria-components'
import './form-kit.css'

/** The search box of a list: Escape or the × clears it. Pair it with `list.search` (debounced). */
export function ListSearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder?: string
}) {
  return (
    <SearchField className="p-field p-search" value={value} onChange={onChange}>
      <Label className="p-field__label">{label}</Label>
      <Group className="p-input-group">
        <Input className="p-input" placeholder={placeholder} />
        <Button className="p-input-group__button" aria-label="Clear search">
          ×
        </Button>
      </Group>
    </SearchField>
  )
}
