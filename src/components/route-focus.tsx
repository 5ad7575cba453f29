import {
  createContext,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react'
import { useLocation } from 'wouter'

// How many times the path has changed since the app started. Zero means "first page load": focus
// stays where the browser put it, so a screen reader starts at the top of the document.
const NavigationCountContext = createContext(0)

export function RouteFocusProvider({ children }: { children: ReactNode }) {
  const [location] = useLocation()
  const [count, setCount] = useState(0)
  const previous = useRef(location)

  useEffect(() => {
    if (previous.current === location) return
    previous.current = location
    setCount((value) => value + 1)
  }, [location])

  return <NavigationCountContext.Provider value={count}>{children}</NavigationCountContext.Provider>
}

/**
 * Moves focus to the given element (the page's h1) after every client-side navigation, so keyboard
 * and screen-reader users land on the new page instead of on the link they pressed.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const count = useContext(NavigationCountContext)
  useEffect(() => {
    if (count > 0) target.current?.focus({ preventScroll: false })
  }, [count, target])
}
