/** A form-level error (the provider's answer to a submit), announced as soon as it appears. */
export function FormError({ title, message }: { title: string; message: string }) {
  return (
    <div className="p-alert" role="alert">
      <strong className="p-alert__title">{title}</strong>
      {message}
    </div>
  )
}
