import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { Brand } from '../../components/brand'
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link'
import { ThemeToggle } from '../../components/theme-toggle'

/** The frame of the public pages (landing, about, styleguide, not found). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="p-public">
      <SkipLink />
      <header className="p-public__header">
        <div className="p-public__bar">
          <Brand />
          <nav aria-label="Site" className="p-public__nav">
            <Link href="/about" className="p-public__link">
              About
            </Link>
            <Link href="/login" className="p-public__link">
              Sign in
            </Link>
            <Link href="/register" className="p-button p-button--primary p-button--small">
              Create account
            </Link>
            <ThemeToggle />
          </nav>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-public__main">
        {children}
      </main>
      <footer className="p-public__footer">
        <span>© Slotwise Appointments</span>
        <Link href="/booking">Book an appointment</Link>
      </footer>
    </div>
  )
}
