import { Link, useLocation } from 'wouter'
import { useProfile } from '../app/auth-context'
import { NAV_ICONS } from './nav-icons'
import { activeNavItem, navItemsFor } from './nav-items'

export function SidebarNav() {
  const [location] = useLocation()
  const active = activeNavItem(location)
  const items = navItemsFor(useProfile()?.permission ?? null)
  return (
    <nav aria-label="Main" className="p-nav">
      <ul className="p-nav__list">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="p-nav__link"
              aria-current={item === active ? 'page' : undefined}
            >
              {NAV_ICONS[item.icon]}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
