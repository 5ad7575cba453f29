import { useEffect, useRef, useState } from 'react'
import type { PasswordRuleResult } from '../../domain/password-rules'

/**
 * The password rules as a checklist that ticks while the user types. Each item says "met" or
 * "not met" in words, not only by colour; a polite live region announces progress once typing
 * has started, debounced so a screen reader is not interrupted on every keystroke.
 */
export function PasswordChecklist({ id, results }: { id?: string; results: PasswordRuleResult[] }) {
  const metCount = results.filter((rule) => rule.met).length
  const summary =
    metCount === results.length
      ? 'All password rules met.'
      : `${metCount} of ${results.length} password rules met.`
  const announcement = useDebouncedAnnouncement(summary, 700)

  return (
    <div className="p-checklist" id={id}>
      <p className="p-checklist__title">Your password needs</p>
      <ul className="p-checklist__list">
        {results.map((rule) => (
          <li
            key={rule.id}
            className={rule.met ? 'p-checklist__item p-checklist__item--met' : 'p-checklist__item'}
            data-rule={rule.id}
            data-met={rule.met}
          >
            <span className="p-checklist__icon" aria-hidden="true">
              {rule.met ? '✓' : '○'}
            </span>
            <span>{rule.label}</span>
            <span className="p-visually-hidden">{rule.met ? ' (met)' : ' (not met)'}</span>
          </li>
        ))}
      </ul>
      <p className="p-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </div>
  )
}

// The first value is not announced: the list is read normally when the user reaches it.
function useDebouncedAnnouncement(message: string, delayMs: number): string {
  const [announced, setAnnounced] = useState('')
  const first = useRef(message)
  useEffect(() => {
    if (message === first.current && announced === '') return
    const timer = setTimeout(() => setAnnounced(message), delayMs)
    return () => clearTimeout(timer)
  }, [message, delayMs, announced])
  return announced
}
