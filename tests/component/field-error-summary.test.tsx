import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CHECK_FIELDS_MESSAGE } from '../../src/api/api-error'
import { OverrideCheckbox } from '../../src/components/appointments/override-checkbox'
import { FieldErrorSummary } from '../../src/components/form/field-error-summary'
import { FormTextField } from '../../src/components/form/text-field'
import { useFocusFirstInvalid } from '../../src/components/form/use-focus-first-invalid'

// A refused submit names the fields it is about, and the first of them takes the focus.

const LABELS = { notes: 'Notes', override_working_hours: 'Book anyway' }

function BookingLike({ errors }: { errors: Record<string, string> }) {
  const ref = useFocusFirstInvalid<HTMLFormElement>(errors)
  return (
    <form ref={ref}>
      {Object.keys(errors).length > 0 ? (
        <FieldErrorSummary message={CHECK_FIELDS_MESSAGE} fieldErrors={errors} labels={LABELS} />
      ) : null}
      <FormTextField label="Name" name="name" value="" onChange={() => {}} />
      <OverrideCheckbox
        value={false}
        onChange={() => {}}
        notice="Priya is on a break 13:00–13:30 — book anyway?"
        error={errors.override_working_hours}
      />
      <FormTextField label="Notes" name="notes" value="" onChange={() => {}} error={errors.notes} />
    </form>
  )
}

describe('the error summary and the first invalid field', () => {
  it('names every field with an error, and one it has no label for by its message', () => {
    render(
      <FieldErrorSummary
        message={CHECK_FIELDS_MESSAGE}
        fieldErrors={{ override_working_hours: 'Tick it.', 'x.y': 'Something odd.' }}
        labels={LABELS}
      />,
    )
    expect(screen.getByRole('alert').textContent).toBe(
      'Please check the highlighted fields: Book anyway, Something odd.',
    )
  })

  it('keeps a sentence of its own (a clash) as it is', () => {
    render(<FieldErrorSummary message="Ana is booked then." fieldErrors={{}} labels={LABELS} />)
    expect(screen.getByRole('alert').textContent).toBe('Ana is booked then.')
  })

  it('focuses and scrolls to the first invalid field in the form’s order, once per new error', () => {
    const scrolled = vi.fn()
    Element.prototype.scrollIntoView = scrolled
    const { rerender } = render(<BookingLike errors={{}} />)
    expect(scrolled).not.toHaveBeenCalled()

    rerender(<BookingLike errors={{ notes: 'Too long.', override_working_hours: 'Tick it.' }} />)
    const bookAnyway = screen.getByRole('checkbox', { name: 'Book anyway' })
    expect(document.activeElement).toBe(bookAnyway)
    expect(bookAnyway.getAttribute('aria-invalid')).toBe('true')
    expect(scrolled).toHaveBeenCalledTimes(1)

    // Editing clears errors: the focus stays where the user is.
    screen.getByRole('textbox', { name: 'Name' }).focus()
    rerender(<BookingLike errors={{ notes: 'Too long.' }} />)
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }))
    expect(scrolled).toHaveBeenCalledTimes(1)
  })
})
