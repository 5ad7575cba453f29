/**
 * The machines are the app's logic without its effects: a machine file, and everything it
 * imports at run time, stays inside `src/machines`, the pure client rules in `src/domain` and
 * the shared kernel's pure rules in `shared`, and uses no browser global. Effects (HTTP,
 * navigation, storage, toasts) reach a machine only through `machine.provide(...)`. Type-only
 * imports are erased, so they may name the contract's types wherever they live.
 *
 * Every machine also has its model-based test (tests/model/<name>.model.test.ts), so a new
 * machine cannot arrive without paths generated from its graph.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const machinesDir = join(root, 'src/machines')
const PURE_DIRS = ['src/machines/', 'src/domain/', 'shared/']
const PURE_PACKAGES = new Set(['xstate', '@internationalized/date'])
const BROWSER_GLOBALS = new Set([
  'fetch',
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'WebSocket',
])

const machineFiles = readdirSync(machinesDir)
  .filter((name) => name.endsWith('.machine.ts'))
  .sort()

/** The specifiers a file imports or re-exports at run time (type-only ones are left out). */
function runtimeImports(source: ts.SourceFile): string[] {
  const specifiers: string[] = []
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)))
      if (!typeOnly) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text)
    }
  }
  return specifiers
}

/** Browser globals the file reads (identifiers in value positions, not property names). */
function browserGlobals(source: ts.SourceFile): string[] {
  const found = new Set<string>()
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text)) {
      const parent = node.parent
      const isPropertyName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        ((ts.isPropertyAssignment(parent) ||
          ts.isPropertySignature(parent) ||
          ts.isMethodDeclaration(parent) ||
          ts.isBindingElement(parent) ||
          ts.isParameter(parent) ||
          ts.isVariableDeclaration(parent)) &&
          parent.name === node)
      if (!isPropertyName && !ts.isTypeReferenceNode(parent)) found.add(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...found]
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, join(base, 'index.ts')]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate
  }
  throw new Error(`${relative(root, from)}: cannot resolve ${specifier}`)
}

/** What a machine reaches at run time that a pure machine must not. */
function impurities(machineFile: string): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  const queue = [join(machinesDir, machineFile)]
  while (queue.length > 0) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const name = relative(root, file)
    const source = ts.createSourceFile(
      file,
      readFileSync(file, 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    )
    for (const global of browserGlobals(source)) problems.push(`${name} uses ${global}`)
    for (const specifier of runtimeImports(source)) {
      if (!specifier.startsWith('.')) {
        if (!PURE_PACKAGES.has(specifier)) problems.push(`${name} imports ${specifier}`)
        continue
      }
      const target = resolveRelative(file, specifier)
      const targetName = relative(root, target)
      if (PURE_DIRS.some((dir) => targetName.startsWith(dir))) queue.push(target)
      else problems.push(`${name} imports ${targetName}`)
    }
  }
  return problems
}

describe('machines', () => {
  it('all live in src/machines', () => {
    const elsewhere = ['src/routes', 'src/components', 'src/app', 'src/api', 'src/domain'].flatMap(
      (dir) =>
        readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
          .filter((path) => path.endsWith('.machine.ts'))
          .map((path) => `${dir}/${path}`),
    )
    expect(elsewhere).toEqual([])
    expect(machineFiles.length).toBeGreaterThanOrEqual(18)
  })

  for (const file of machineFiles) {
    const name = file.replace(/\.machine\.ts$/, '')

    it(`${name} imports no effects, UI or router at run time`, () => {
      expect(impurities(file)).toEqual([])
    })

    it(`${name} has a model-based test`, () => {
      expect(existsSync(join(root, 'tests/model', `${name}.model.test.ts`))).toBe(true)
    })
  }
})

describe('the purity check itself', () => {
  it('sees a runtime import of a screen module and a browser global, but not a type import', () => {
    const source = ts.createSourceFile(
      'probe.ts',
      [
        "import type { Profile } from '../app/auth-context'",
        "import { type Only } from '../routes/x'",
        "import { useLocation } from 'wouter'",
        "import { api, type Api } from '../api/client'",
        'const go = () => window.location.assign("/")',
        'const options = { fetch: 1, window: 2 }',
      ].join('\n'),
      ts.ScriptTarget.Latest,
      true,
    )
    expect(runtimeImports(source)).toEqual(['wouter', '../api/client'])
    expect(browserGlobals(source)).toEqual(['window'])
  })
})
