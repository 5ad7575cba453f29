/** A small centred spinner with a spoken label; used while a screen's code or the session loads. */
export function LoadingIndicator({
  label = 'Loading…',
  fullPage = false,
}: {
  label?: string
  fullPage?: boolean
}) {
  return (
    <div className={fullPage ? 'p-loading p-loading--full-page' : 'p-loading'} role="status">
      <span className="p-spinner" aria-hidden="true" />
      <span className="p-loading__label">{label}</span>
    </div>
  )
}
