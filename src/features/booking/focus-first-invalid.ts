/**
 * After a form's submit has been answered by its machine (the next frame, once React has
 * rendered the errors), the first field found wrong takes the focus, so a keyboard or
 * screen-reader user lands on what to fix.
 */
export function focusFirstInvalidField(form: HTMLFormElement): void {
  requestAnimationFrame(() => {
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
}
