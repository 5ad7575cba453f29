/** Who a request belongs to, taken from a verified Firebase ID token. */
export interface Identity {
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
}
