import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { type Auth, getAuth } from 'firebase-admin/auth'

/** The demo business's owner; the fixed uid lets a restart find the same account again. */
export const DEMO_OWNER = {
  uid: 'demo-owner',
  email: 'owner@harbor-street.test',
  password: 'Harbor-Street-2026!',
  displayName: 'Morgan Lee',
} as const

export type DemoOwner = typeof DEMO_OWNER

/**
 * Creates or resets the demo owner in the Auth emulator, so the printed sign-in always works
 * even when the emulator forgot its accounts. Refuses to run against real Firebase: a
 * published password must never exist there.
 */
export async function ensureDemoOwner(options: { projectId: string }): Promise<DemoOwner> {
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error(
      'ensureDemoOwner only runs against the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST).',
    )
  }
  const app = initializeApp({ projectId: options.projectId }, `slotwise-demo-${randomUUID()}`)
  try {
    const auth = getAuth(app)
    await releaseEmailFromOtherAccounts(auth)
    const profile = {
      email: DEMO_OWNER.email,
      password: DEMO_OWNER.password,
      displayName: DEMO_OWNER.displayName,
      emailVerified: true,
      disabled: false,
    }
    if (await exists(auth, DEMO_OWNER.uid)) await auth.updateUser(DEMO_OWNER.uid, profile)
    else await auth.createUser({ uid: DEMO_OWNER.uid, ...profile })
    return DEMO_OWNER
  } finally {
    await deleteApp(app)
  }
}

async function exists(auth: Auth, uid: string): Promise<boolean> {
  try {
    await auth.getUser(uid)
    return true
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return false
    throw error
  }
}

/** Someone may have signed up with the demo address by hand; the fixed uid must get it back. */
async function releaseEmailFromOtherAccounts(auth: Auth): Promise<void> {
  try {
    const user = await auth.getUserByEmail(DEMO_OWNER.email)
    if (user.uid !== DEMO_OWNER.uid) await auth.deleteUser(user.uid)
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'auth/user-not-found') throw error
  }
}
