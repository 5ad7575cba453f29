import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useState,
} from 'react'

/** A component whose code is fetched on first render, or before by `preload()`. */
export interface LazyPart<Props> {
  /** Starts fetching the code now; a later render finds it loaded. */
  preload(): void
  /** The component, once its code has arrived; null before. */
  loaded(): ComponentType<Props> | null
  /**
   * The component behind React.lazy, for a render before the code has arrived. A new one after a
   * failed fetch: React.lazy keeps a failure for ever, and the part would never load again.
   */
  lazy(): LazyExoticComponent<ComponentType<Props>>
}

/**
 * A piece of a screen its first paint does without (a dialog opened later, another view): its
 * code is a chunk of its own, so the screen's chunk is smaller and evaluated sooner. Rendered
 * through `Deferred`; fetched when first rendered, or earlier by `preload()` (a cold start's
 * preload, or `usePreloadWhenIdle`).
 */
export function lazyPart<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyPart<Props> {
  let loading: Promise<ComponentType<Props>> | null = null
  let component: ComponentType<Props> | null = null
  const createLazy = () => lazy(async () => ({ default: await start() }))
  let lazyView = createLazy()
  const start = () => {
    loading ??= load().then(
      (loadedComponent) => {
        component = loadedComponent
        return loadedComponent
      },
      (error: unknown) => {
        // A failed fetch is asked for again next time, not remembered.
        loading = null
        lazyView = createLazy()
        throw error
      },
    )
    return loading
  }
  return {
    preload: () => {
      start().catch(() => {})
    },
    loaded: () => component,
    lazy: () => lazyView,
  }
}

/**
 * Renders a lazy part with `props`: at once when its code is already here (no suspending, so
 * it paints with the screen), else once it arrives, with nothing in its place meanwhile.
 */
export function Deferred<Props extends object>({
  part,
  props,
}: {
  part: LazyPart<Props>
  props: Props
}) {
  // Chosen once per mount: going from the lazy wrapper to the component would remount it.
  const [View] = useState<ComponentType<Props>>(() => part.loaded() ?? part.lazy())
  return (
    <Suspense fallback={null}>
      <View {...props} />
    </Suspense>
  )
}

/**
 * Fetches the parts' code once the screen is `ready` (its content on screen) and the browser is
 * idle, so that opening one later does not wait for the network.
 */
export function usePreloadWhenIdle(ready: boolean, parts: readonly { preload(): void }[]): void {
  useEffect(() => {
    if (!ready) return
    const preloadAll = () => {
      for (const part of parts) part.preload()
    }
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preloadAll, { timeout: 2000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(preloadAll, 200)
    return () => clearTimeout(id)
  }, [ready, parts])
}
