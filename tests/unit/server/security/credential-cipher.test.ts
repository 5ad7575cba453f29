import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  CredentialKeyError,
  createCredentialCipher,
  credentialKeyId,
  parseCredentialKey,
} from '../../../../server/security/credential-cipher.ts'

const password = JSON.stringify({ kind: 'caldav', username: 'priya', password: 'hunter2-é' })

describe('calendar credentials sealed at rest', () => {
  it('opens what it sealed, and the sealed text does not show the secret', () => {
    const cipher = createCredentialCipher(randomBytes(32))
    const secret = cipher.seal(password, 'connection-1')
    expect(secret.sealed).not.toContain('hunter2')
    expect(cipher.open(secret, 'connection-1')).toBe(password)
    // A fresh IV each time: the same secret never seals to the same text.
    expect(cipher.seal(password, 'connection-1').sealed).not.toBe(secret.sealed)
  })

  it('refuses a value sealed under another key, even one claiming the same key id', () => {
    const secret = createCredentialCipher(randomBytes(32)).seal(password, 'connection-1')
    const other = createCredentialCipher(randomBytes(32))
    expect(() => other.open(secret, 'connection-1')).toThrow(CredentialKeyError)
    const otherKey = randomBytes(32)
    expect(() =>
      createCredentialCipher(otherKey).open(
        { ...secret, keyId: credentialKeyId(otherKey) },
        'connection-1',
      ),
    ).toThrow('do not open')
  })

  it('refuses a tampered byte, and a value moved to another row', () => {
    const cipher = createCredentialCipher(randomBytes(32))
    const secret = cipher.seal(password, 'connection-1')
    const bytes = Buffer.from(secret.sealed, 'base64url')
    bytes[14] = (bytes[14] as number) ^ 1
    expect(() =>
      cipher.open({ ...secret, sealed: bytes.toString('base64url') }, 'connection-1'),
    ).toThrow(CredentialKeyError)
    expect(() => cipher.open(secret, 'connection-2')).toThrow(CredentialKeyError)
  })

  it('opens rows of a previous key after a rotation, and seals new ones with the current', () => {
    const oldKey = randomBytes(32)
    const newKey = randomBytes(32)
    const before = createCredentialCipher(oldKey).seal(password, 'connection-1')
    const rotated = createCredentialCipher(newKey, [oldKey])
    expect(rotated.open(before, 'connection-1')).toBe(password)
    expect(rotated.seal(password, 'connection-1').keyId).toBe(credentialKeyId(newKey))
  })

  it('takes only 32 bytes in base64 as a key', () => {
    const key = randomBytes(32)
    expect(parseCredentialKey(key.toString('base64')).equals(key)).toBe(true)
    expect(() => parseCredentialKey(randomBytes(16).toString('base64'))).toThrow('32 bytes')
    expect(() => parseCredentialKey('not base64 at all!')).toThrow(CredentialKeyError)
  })
})
