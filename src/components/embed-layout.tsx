import { type ReactNode, useEffect, useRef } from 'react'
import { postToEmbedHost } from '../app/embed-host'
import { useTranslation } from '../app/i18n'
import { PageHeading } from './page-heading'
import { MAIN_CONTENT_ID } from './skip-link'

/**
 * The booking area inside a frame on a business's own website (`/embed/…`): no header, no
 * links away, just the page, as tall as its content. The host script (`/embed.js`) sizes
 * the frame from the heights posted here, so the visitor never scrolls inside it.
 */
export function EmbedLayout({ title, children }: { title?: string; children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null)
  const { t } = useTranslation()

  useEffect(() => {
    const element = root.current
    if (!element) return
    let last = 0
    const report = () => {
      const height = Math.ceil(element.getBoundingClientRect().height)
      if (height === last) return
      last = height
      postToEmbedHost({ type: 'height', height })
    }
    const observer = new ResizeObserver(report)
    observer.observe(element)
    report()
    return () => observer.disconnect()
  }, [])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Only an Escape nothing in the page used (a menu, a picker) closes the host's popup.
      if (event.key === 'Escape' && !event.defaultPrevented) postToEmbedHost({ type: 'escape' })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div ref={root} className="p-embed">
      {/* Named: the host page has a main landmark of its own, and the two must differ. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="p-embed__main"
        aria-label={t('embed_label')}
      >
        {title ? <PageHeading className="p-embed__title">{title}</PageHeading> : null}
        {children}
      </main>
    </div>
  )
}
