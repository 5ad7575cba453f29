import { type Capability, can, type Permission } from '../../shared/permissions.ts'
import type { NAV_ICONS } from './nav-icons'

export interface NavItem {
  label: string
  href: string
  icon: keyof typeof NAV_ICONS
  /** Path prefixes this item stands for; the longest matching prefix wins. */
  prefixes: string[]
  /** Shown only to roles that have it (the page itself also says "no access"). */
  capability?: Capability
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: 'dashboard', prefixes: ['/dashboard'] },
  { label: 'Calendar', href: '/calendar', icon: 'calendar', prefixes: ['/calendar'] },
  { label: 'Services', href: '/services', icon: 'services', prefixes: ['/services'] },
  { label: 'Customers', href: '/customers', icon: 'customers', prefixes: ['/customers'] },
  { label: 'Team', href: '/team', icon: 'team', prefixes: ['/team'] },
  {
    label: 'Insights',
    href: '/insights',
    icon: 'insights',
    prefixes: ['/insights'],
    capability: 'insights.read',
  },
  {
    label: 'Payments',
    href: '/payments',
    icon: 'payments',
    prefixes: ['/payments'],
    capability: 'payments.read',
  },
  {
    label: 'Settings',
    href: '/settings',
    icon: 'settings',
    prefixes: ['/settings'],
    capability: 'settings.read',
  },
  {
    label: 'Billing',
    href: '/settings/billing',
    icon: 'billing',
    prefixes: ['/settings/billing', '/checkout'],
    capability: 'billing.manage',
  },
  {
    label: 'Activity Log',
    href: '/activity-log',
    icon: 'activity',
    prefixes: ['/activity-log'],
    capability: 'activity.read',
  },
]

/**
 * The items a role may use. Until the profile says which role (null), the gated items stay
 * hidden: briefly missing is better than briefly offering staff a page they cannot open.
 */
export function navItemsFor(permission: Permission | null): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      item.capability === undefined || (permission !== null && can(permission, item.capability)),
  )
}

function matchesPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`)
}

/**
 * The sidebar item for a path. Billing lives under /settings, so "longest prefix wins" keeps
 * /settings/billing on Billing and every other /settings page on Settings.
 */
export function activeNavItem(path: string): NavItem | null {
  let best: { item: NavItem; length: number } | null = null
  for (const item of NAV_ITEMS) {
    for (const prefix of item.prefixes) {
      if (matchesPrefix(path, prefix) && (best === null || prefix.length > best.length)) {
        best = { item, length: prefix.length }
      }
    }
  }
  return best?.item ?? null
}
