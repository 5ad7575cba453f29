import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import './form-kit.css'

/**
 * The section at the foot of an edit page for what cannot be undone (delete, erase, remove):
 * its heading (which names the section, `id`), what happens, and the danger button that opens
 * the confirmation, passed in as `children`.
 */
export function DangerZone({
  id,
  title,
  intro,
  actionLabel,
  onAction,
  children,
}: {
  id: string
  title: string
  /** The paragraph that says what the action does and when it is refused. */
  intro: ReactNode
  actionLabel: ReactNode
  onAction: () => void
  /** The confirmation dialog. */
  children: ReactNode
}) {
  return (
    <section className="p-form-section p-danger-zone" aria-labelledby={id}>
      <h2 id={id} className="p-form-section__title">
        {title}
      </h2>
      {intro}
      <div>
        <Button className="p-button p-button--danger" onPress={onAction}>
          {actionLabel}
        </Button>
      </div>
      {children}
    </section>
  )
}
