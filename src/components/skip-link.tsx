export const MAIN_CONTENT_ID = 'main-content'

/**
 * First focusable element on every page: jumps past the navigation to the page's content.
 * `label`: the booking pages say it in their own language.
 */
export function SkipLink({ label = 'Skip to content' }: { label?: string }) {
  return (
    <a className="p-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {label}
    </a>
  )
}
