/**
 * Issue 23's promise for the browser, held: a feature binds its machines' effects in its one
 * `effects.ts` (the shared appointment dialogs in `components/appointments/effects.ts`), and
 * only an api file calls the API (the clients of `src/api/` are imported nowhere else in
 * `src/features/` and `src/components/`). A screen or piece that wants its machine takes it
 * from effects.ts, handing in its toasts and navigation as callbacks.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const SCANNED = ['src/features', 'src/components']

/** Bind generic machines by design: the shared form, list and feed hooks. */
const GENERIC_HOOKS = [
  'src/components/form/use-cursor-feed.ts',
  'src/components/form/use-entity-form.ts',
  'src/components/form/use-entity-list.ts',
]
/** The staff client, and the booking pages' own (no sign-in, so no Firebase on those pages). */
const CLIENTS = ['src/api/client.ts', 'src/features/booking/public-client.ts']

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const files = SCANNED.flatMap(sourceFiles).sort()

/** Files that bind effects into a machine (`machine.provide(...)`) outside an effects file. */
function providesOutsideEffects(paths: string[], read: (path: string) => string) {
  return paths.filter(
    (path) =>
      !/(^|\/|-)effects\.ts$/.test(path) &&
      !GENERIC_HOOKS.includes(path) &&
      /\.provide\(/.test(read(path)),
  )
}

/** Files that import an API client without being an api file. */
function clientsOutsideApiFiles(paths: string[], read: (path: string) => string) {
  return paths.filter((path) => {
    if (path.endsWith('/api.ts')) return false
    const specifiers = [...read(path).matchAll(/from '(\.[^']+)'/g)].map((match) => match[1] ?? '')
    return specifiers.some((specifier) => {
      const target = relative(root, resolve(root, dirname(path), specifier))
      return CLIENTS.includes(`${target}.ts`)
    })
  })
}

const readSource = (path: string) => readFileSync(join(root, path), 'utf8')

describe('effects and API calls in one obvious place', () => {
  it('scans the features and the shared components', () => {
    expect(files).toContain('src/features/calendar/calendar-screen.tsx')
    expect(files).toContain('src/components/appointments/appointment-dialog.tsx')
  })

  it('binds effects only in effects.ts', () => {
    expect(providesOutsideEffects(files, readSource)).toEqual([])
  })

  it('calls the API only from api files', () => {
    expect(clientsOutsideApiFiles(files, readSource)).toEqual([])
  })

  it('would name a screen that binds its own effects or imports a client', () => {
    const screen = 'src/features/team/team-screen.tsx'
    const source = `import { api } from '../../api/client'\nconst logic = machine.provide({})\n`
    expect(providesOutsideEffects([screen], () => source)).toEqual([screen])
    expect(clientsOutsideApiFiles([screen], () => source)).toEqual([screen])
    expect(providesOutsideEffects(['src/features/team/effects.ts'], () => source)).toEqual([])
    expect(clientsOutsideApiFiles(['src/features/team/api.ts'], () => source)).toEqual([])
  })
})
