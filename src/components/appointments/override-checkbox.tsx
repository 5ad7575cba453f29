import { type ReactNode, useId } from 'react'
import { Checkbox } from 'react-aria-components'

/**
 * "Book outside working hours": staff may book outside hours, breaks and time off on purpose,
 * never over another appointment (the server refuses that either way). With a `notice` (why the
 * chosen time is outside them), it reads "Book anyway" under that sentence.
 */
export function OverrideCheckbox({
  value,
  onChange,
  error,
  isDisabled,
  notice,
}: {
  value: boolean
  onChange: (value: boolean) => void
  error?: string | undefined
  isDisabled?: boolean
  notice?: ReactNode
}) {
  const helpId = useId()
  const errorId = useId()
  return (
    <div
      className={notice ? 'p-field p-off-hours' : 'p-field'}
      data-invalid={error ? true : undefined}
    >
      {notice ? (
        <p id={helpId} className="p-off-hours__notice">
          {notice}
        </p>
      ) : null}
      <Checkbox
        className="p-checkbox"
        name="override_working_hours"
        isSelected={value}
        onChange={onChange}
        isDisabled={isDisabled}
        isInvalid={error ? true : undefined}
        aria-describedby={error ? `${helpId} ${errorId}` : helpId}
      >
        {({ isSelected }) => (
          <>
            <span className="p-checkbox__box" aria-hidden="true">
              {isSelected ? '✓' : ''}
            </span>
            {notice ? 'Book anyway' : 'Book outside working hours'}
          </>
        )}
      </Checkbox>
      {notice ? null : (
        <p id={helpId} className="p-field__description">
          Allows times outside the team member's hours, breaks and time off. Never over another
          appointment.
        </p>
      )}
      {error ? (
        <p id={errorId} className="p-field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
