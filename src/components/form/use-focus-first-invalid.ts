import { useEffect, useRef } from 'react'

/** What a form marks invalid: react-aria's fields set `data-invalid`, inputs `aria-invalid`. */
const INVALID = '[data-invalid], [aria-invalid="true"]'
const CONTROLS = 'input, textarea, button, [tabindex]'

/**
 * After a submit shows new field errors, the first invalid field (in the order the form shows
 * them) takes the focus and is scrolled into view, so the message next to it is read and seen;
 * the summary alone said "check the highlighted fields" of a field below the fold. Editing only
 * clears errors, so it never moves the focus. Attach the returned ref to the form.
 */
export function useFocusFirstInvalid<Element extends HTMLElement>(
  fieldErrors: Readonly<Record<string, string>>,
) {
  const ref = useRef<Element>(null)
  const shown = useRef<ReadonlySet<string>>(new Set())
  useEffect(() => {
    const fields = Object.keys(fieldErrors)
    const hasNew = fields.some((field) => !shown.current.has(field))
    shown.current = new Set(fields)
    const invalid = hasNew ? ref.current?.querySelector<HTMLElement>(INVALID) : null
    if (!invalid) return
    const control = [invalid, ...invalid.querySelectorAll<HTMLElement>(CONTROLS)].find(
      (element) =>
        element.matches(CONTROLS) && element.tabIndex >= 0 && !element.hasAttribute('disabled'),
    )
    invalid.scrollIntoView({ block: 'center' })
    control?.focus({ preventScroll: true })
  }, [fieldErrors])
  return ref
}
