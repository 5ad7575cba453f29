export const MAIN_CONTENT_ID = 'main-content'

/** First focusable element on every page: jumps past the navigation to the page's content. */
export function SkipLink() {
  return (
    <a className="p-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  )
}
