/** Who a request belongs to, taken from a verified Firebase ID token. */
export interface Identity {
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
  /** When the user last signed in (token `auth_time`, seconds since the epoch). */
  authTime: number | null
}
