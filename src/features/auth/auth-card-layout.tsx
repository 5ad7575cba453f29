import type { ReactNode } from 'react'
import { Brand } from '../../components/brand'
import { PageHeading } from '../../components/page-heading'
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link'
import { ThemeToggle } from '../../components/theme-toggle'

/** A centred card for the sign-in and sign-up forms. */
export function AuthCardLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
  footer?: ReactNode
}) {
  return (
    <div className="p-auth">
      <SkipLink />
      <header className="p-auth__header">
        <Brand />
        <ThemeToggle />
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-auth__main">
        <div className="p-card p-auth__card">
          <PageHeading className="p-auth__title">{title}</PageHeading>
          {subtitle ? <p className="p-auth__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <p className="p-auth__footer">{footer}</p> : null}
      </main>
    </div>
  )
}
