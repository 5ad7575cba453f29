import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/*
 * Secrets we hold for businesses (calendar passwords and tokens) are sealed at rest with
 * AES-256-GCM under a key from the environment (CALENDAR_CREDENTIALS_KEY, 32 bytes in base64).
 * Each sealed value names its key by a short fingerprint, so after a rotation the old key,
 * kept among the previous ones, still opens older rows while new ones use the current key.
 * The row's own id is bound in as associated data: a sealed value copied into another row
 * does not open there.
 */

const IV_BYTES = 12
const TAG_BYTES = 16

export interface SealedSecret {
  keyId: string
  /** base64url of iv ‖ ciphertext ‖ tag. */
  sealed: string
}

export interface CredentialCipher {
  /** Seals `plaintext` for the row `context` (its id) under the current key. */
  seal(plaintext: string, context: string): SealedSecret
  /** Opens what `seal` made for the same `context`; throws when the key or the bytes are wrong. */
  open(secret: SealedSecret, context: string): string
}

export class CredentialKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CredentialKeyError'
  }
}

/** A key as the environment gives it (base64 of 32 bytes), or the reason it is not one. */
export function parseCredentialKey(base64: string): Buffer {
  const key = Buffer.from(base64.trim(), 'base64')
  if (key.length !== 32 || key.toString('base64') !== base64.trim()) {
    throw new CredentialKeyError('A calendar credentials key must be 32 bytes in base64.')
  }
  return key
}

/** The fingerprint stored beside each sealed value: 8 hex digits of the key's SHA-256. */
export function credentialKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8)
}

/** A cipher sealing with `current` and opening with it or any of `previous` (rotation). */
export function createCredentialCipher(current: Buffer, previous: readonly Buffer[] = []) {
  const keys = new Map<string, Buffer>()
  for (const key of [current, ...previous]) keys.set(credentialKeyId(key), key)
  const currentId = credentialKeyId(current)
  const cipher: CredentialCipher = {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES)
      const aes = createCipheriv('aes-256-gcm', current, iv)
      aes.setAAD(Buffer.from(context, 'utf8'))
      const body = Buffer.concat([aes.update(plaintext, 'utf8'), aes.final()])
      return {
        keyId: currentId,
        sealed: Buffer.concat([iv, body, aes.getAuthTag()]).toString('base64url'),
      }
    },
    open(secret, context) {
      const key = keys.get(secret.keyId)
      if (!key) {
        throw new CredentialKeyError(
          `The credentials were sealed with key ${secret.keyId}, which this server does not hold.`,
        )
      }
      const bytes = Buffer.from(secret.sealed, 'base64url')
      if (bytes.length < IV_BYTES + TAG_BYTES)
        throw new CredentialKeyError('Sealed value too short.')
      const aes = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES))
      aes.setAAD(Buffer.from(context, 'utf8'))
      aes.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      try {
        const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)
        return Buffer.concat([aes.update(body), aes.final()]).toString('utf8')
      } catch {
        // GCM says only "unable to authenticate": a wrong key, a changed byte or another row.
        throw new CredentialKeyError('The sealed credentials do not open with this key.')
      }
    },
  }
  return cipher
}
