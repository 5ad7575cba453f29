import { useEffect, useRef } from 'react'

export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?'

/** True for a click the browser or the router would turn into a same-tab navigation. */
function leavesThePage(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false
  if (anchor.target && anchor.target !== '_self') return false
  if (anchor.hasAttribute('download')) return false
  const href = anchor.getAttribute('href')
  if (!href || href.startsWith('#')) return false
  const next = new URL(anchor.href, window.location.href)
  return next.pathname !== window.location.pathname || next.search !== window.location.search
}

// Every form on the page that has unsaved changes, with its message. One set of listeners
// serves them all, so two dirty forms on one page (a profile and its time off) ask once.
const dirtyForms = new Map<symbol, () => string>()

function message(): string {
  const [first] = dirtyForms.values()
  return first ? first() : UNSAVED_CHANGES_MESSAGE
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault()
  // Older Chromium shows the prompt only when returnValue is set.
  event.returnValue = ''
}

function onClick(event: MouseEvent) {
  const anchor = (event.target as Element | null)?.closest?.('a[href]')
  if (!(anchor instanceof HTMLAnchorElement) || !leavesThePage(event, anchor)) return
  if (window.confirm(message())) return
  event.preventDefault()
  event.stopImmediatePropagation()
}

/**
 * The parts of the Navigation API used here (Chromium, and recent Firefox and Safari);
 * TypeScript's DOM library does not describe it yet.
 */
interface TraversalEvent extends Event {
  readonly navigationType: 'push' | 'replace' | 'reload' | 'traverse'
  readonly cancelable: boolean
}

function navigationApi(): EventTarget | null {
  const candidate = (window as { navigation?: unknown }).navigation
  return candidate instanceof EventTarget ? candidate : null
}

/**
 * Back and Forward within the app. The router re-renders on `popstate`, too late to keep the
 * form; the Navigation API's `navigate` event comes first and can cancel the traversal.
 * Pushes and replaces are the app's own navigations (links are asked about on click).
 */
function onNavigate(event: Event) {
  const navigation = event as TraversalEvent
  if (navigation.navigationType !== 'traverse' || !navigation.cancelable) return
  if (window.confirm(message())) return
  event.preventDefault()
}

function guard(id: symbol, getMessage: () => string) {
  if (dirtyForms.size === 0) {
    window.addEventListener('beforeunload', onBeforeUnload)
    document.addEventListener('click', onClick, true)
    navigationApi()?.addEventListener('navigate', onNavigate)
  }
  dirtyForms.set(id, getMessage)
}

function unguard(id: symbol) {
  if (!dirtyForms.delete(id) || dirtyForms.size > 0) return
  window.removeEventListener('beforeunload', onBeforeUnload)
  document.removeEventListener('click', onClick, true)
  navigationApi()?.removeEventListener('navigate', onNavigate)
}

/**
 * Warns before unsaved changes are lost, while `dirty` is true:
 * - closing or reloading the tab: the browser's own `beforeunload` prompt;
 * - following a link (sidebar, header action, Cancel): a confirm, checked before the router
 *   sees the click (capture phase on the document);
 * - Back and Forward: a confirm, where the browser has the Navigation API (staying cancels
 *   the traversal, so the form and what was typed stay on screen).
 *
 * Navigations the screen starts itself (after a successful save) are not link clicks, so
 * they are never asked about.
 */
export function useUnsavedChangesWarning(
  dirty: boolean,
  warning: string = UNSAVED_CHANGES_MESSAGE,
): void {
  const warningRef = useRef(warning)
  warningRef.current = warning
  const id = useRef(Symbol('unsaved-form')).current

  useEffect(() => {
    if (!dirty) return
    guard(id, () => warningRef.current)
    return () => unguard(id)
  }, [dirty, id])
}
