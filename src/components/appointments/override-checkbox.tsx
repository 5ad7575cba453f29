import { useId } from 'react'
import { Checkbox } from 'react-aria-components'

/**
 * "Book outside working hours": staff may book outside hours, breaks and time off on purpose,
 * never over another appointment (the server refuses that either way).
 */
export function OverrideCheckbox({
  value,
  onChange,
  error,
  isDisabled,
}: {
  value: boolean
  onChange: (value: boolean) => void
  error?: string
  isDisabled?: boolean
}) {
  const helpId = useId()
  return (
    <div className="p-field">
      <Checkbox
        className="p-checkbox"
        name="override_working_hours"
        isSelected={value}
        onChange={onChange}
        isDisabled={isDisabled}
        aria-describedby={helpId}
      >
        {({ isSelected }) => (
          <>
            <span className="p-checkbox__box" aria-hidden="true">
              {isSelected ? '✓' : ''}
            </span>
            Book outside working hours
          </>
        )}
      </Checkbox>
      <p id={helpId} className="p-field__description">
        Allows times outside the team member's hours, breaks and time off. Never over another
        appointment.
      </p>
      {error ? <p className="p-field__error">{error}</p> : null}
    </div>
  )
}
