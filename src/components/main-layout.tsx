import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'wouter'
import { BillingBanner } from './billing-banner'
import { Brand } from './brand'
import { BusinessName } from './business-name'
import { type HeaderAction, HeaderActionButton } from './header-action'
import { LiveStatusIndicator } from './live-status-indicator'
import { NAV_ICONS } from './nav-icons'
import { PageHeading } from './page-heading'
import { SidebarNav } from './sidebar-nav'
import { MAIN_CONTENT_ID, SkipLink } from './skip-link'
import { UserPanel } from './user-panel'

// Keep in step with the `max-width: 767px` block in styles/layout.css.
const WIDE_LAYOUT_QUERY = '(min-width: 768px)'

/**
 * The signed-in frame: sidebar (business, navigation, account), a header with the page's h1 and
 * its primary action, and the content. On phones the sidebar becomes a drawer behind a menu
 * button; it closes on navigation and on Escape and gives focus back to the menu button.
 */
export function MainLayout({
  title,
  headerAction,
  children,
}: {
  title?: string
  headerAction?: HeaderAction
  children: ReactNode
}) {
  const [location] = useLocation()
  const [menuOpen, setMenuOpen] = useState(false)
  const sidebarId = useId()
  const menuButton = useRef<HTMLButtonElement>(null)
  const closeButton = useRef<HTMLButtonElement>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to `location` changing.
  useEffect(() => {
    setMenuOpen(false)
  }, [location])

  // The drawer exists only on phones; growing the window past that (rotating a tablet) must not
  // leave the page inert behind a drawer that is no longer shown.
  useEffect(() => {
    const wide = matchMedia(WIDE_LAYOUT_QUERY)
    const onChange = () => {
      if (wide.matches) setMenuOpen(false)
    }
    wide.addEventListener('change', onChange)
    return () => wide.removeEventListener('change', onChange)
  }, [])

  // The page behind the drawer is inert while it is open, so focus can only return to the menu
  // button after the drawer has closed: hence a flag, acted on once `menuOpen` is false.
  const returnFocus = useRef(false)
  const closeMenu = () => {
    returnFocus.current = true
    setMenuOpen(false)
  }

  useEffect(() => {
    if (!menuOpen) {
      if (returnFocus.current) menuButton.current?.focus()
      returnFocus.current = false
      return
    }
    closeButton.current?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      returnFocus.current = true
      setMenuOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [menuOpen])

  return (
    <div className="p-shell">
      <SkipLink />
      {menuOpen ? (
        // A pointer convenience only: keyboard users close the drawer with Escape or its button.
        <div className="p-backdrop" aria-hidden="true" onClick={closeMenu} />
      ) : null}
      <div id={sidebarId} className={menuOpen ? 'p-sidebar p-sidebar--open' : 'p-sidebar'}>
        <div className="p-sidebar__top">
          <Brand to="/dashboard" />
          <button
            ref={closeButton}
            type="button"
            className="p-icon-button p-sidebar__close"
            aria-label="Close menu"
            onClick={closeMenu}
          >
            {NAV_ICONS.close}
          </button>
        </div>
        <BusinessName />
        <SidebarNav />
        <UserPanel />
      </div>
      {/* While the drawer is open (phones only) the page behind it is inert, as under a dialog. */}
      <div className="p-workspace" inert={menuOpen}>
        <header className="p-topbar">
          <button
            ref={menuButton}
            type="button"
            className="p-icon-button p-topbar__menu"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-controls={sidebarId}
            onClick={() => setMenuOpen(true)}
          >
            {NAV_ICONS.menu}
          </button>
          <PageHeading className="p-topbar__title">{title}</PageHeading>
          <LiveStatusIndicator />
          {headerAction ? <HeaderActionButton action={headerAction} /> : null}
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="p-content">
          <BillingBanner />
          {children}
        </main>
      </div>
    </div>
  )
}
