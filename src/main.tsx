import './styles/tokens.css'
import './styles/base.css'
import './styles/components.css'
import './styles/layout.css'
// With the shell's styles, not the booking screens' chunks: a booking page the server rendered
// paints before those chunks load, and must not move when they arrive.
import './features/booking/booking.css'
import { applyInitialTheme } from './components/theme'

// Before anything renders, so the first paint is already in the user's palette.
applyInitialTheme()

/** Lets the browser paint and handle input before the next piece of start-up work. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/*
 * A booking page the server rendered (server/http/server-rendered-page.ts marks its root with
 * the language it rendered in) is already on screen, and React adopts its HTML. Its start-up
 * work is then spread over tasks of their own: React's modules, then the app's, then
 * hydrating, none blocking a phone's main thread for long (Lighthouse's TBT). Every other page
 * starts at once. The imports are eager: in this file's chunk, evaluated when imported.
 */
async function hydrateRenderedPage(container: HTMLElement, language: string): Promise<void> {
  await nextTask()
  await import(/* webpackMode: "eager" */ 'react-dom/client')
  await nextTask()
  const { hydrate } = await import(/* webpackMode: "eager" */ './app-start')
  await nextTask()
  await hydrate(container, language)
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
const renderedLanguage = container.dataset.renderedLanguage
if (renderedLanguage !== undefined) void hydrateRenderedPage(container, renderedLanguage)
else void import(/* webpackMode: "eager" */ './app-start').then(({ start }) => start(container))
