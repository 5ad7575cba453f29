import type { TestProject } from 'vitest/node'
import { startAuthEmulator } from '../../scripts/lib/auth-emulator.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** host:port of the Firebase Auth emulator the API tests sign users up with. */
    authEmulatorHost: string
  }
}

/**
 * One Auth emulator for the whole API run (it takes ~10 s to start), unless one is already
 * running and named by FIREBASE_AUTH_EMULATOR_HOST.
 */
export default async function setup(project: TestProject) {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (existing) {
    project.provide('authEmulatorHost', existing)
    return
  }
  const emulator = await startAuthEmulator()
  project.provide('authEmulatorHost', emulator.host)
  return () => emulator.stop()
}
