import { type ReactNode, useEffect } from 'react'
import { decidePageLanguage } from '../app/i18n'
import { Brand } from './brand'
import { LanguageSwitcher } from './language-switcher'
import { PageHeading } from './page-heading'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link'
import { ThemeToggle } from './theme-toggle'

/**
 * The public booking area's own minimal frame. It must not import anything that reaches Firebase
 * or the auth context: customers booking an appointment never download the sign-in code.
 */
export function BookingLayout({ title, children }: { title?: string; children: ReactNode }) {
  useEffect(() => {
    void decidePageLanguage()
  }, [])
  return (
    <div className="p-booking">
      <SkipLink />
      <header className="p-booking__header">
        <Brand to="/booking" />
        <ThemeToggle />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-booking__main">
        {title ? <PageHeading className="p-booking__title">{title}</PageHeading> : null}
        {children}
      </main>
      <footer className="p-booking__footer">
        <LanguageSwitcher />
      </footer>
    </div>
  )
}
