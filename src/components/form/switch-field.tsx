import type { ReactNode } from 'react'
import { Switch } from 'react-aria-components'
import './form-kit.css'

/** An on/off setting that applies as soon as the form is saved (active, bookable, consent). */
export function FormSwitchField({
  label,
  name,
  value,
  onChange,
  description,
  error,
  isDisabled,
}: {
  label: string
  name: string
  value: boolean
  onChange: (value: boolean) => void
  description?: ReactNode
  error?: string | undefined
  isDisabled?: boolean
}) {
  const helpId = `${name}-switch-help`
  return (
    <div className="p-field">
      <Switch
        className="p-switch"
        name={name}
        isSelected={value}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={description || error ? helpId : undefined}
      >
        <span className="p-switch__track" aria-hidden="true">
          <span className="p-switch__thumb" />
        </span>
        {label}
      </Switch>
      {description || error ? (
        <div id={helpId}>
          {description ? <p className="p-field__description">{description}</p> : null}
          {error ? <p className="p-field__error">{error}</p> : null}
        </div>
      ) : null}
    </div>
  )
}
