import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readStaticKey } from './read-static-key.js'

const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 })
const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' })
const ed = generateKeyPairSync('ed25519')
const pem = (key: { export(o: object): string | Buffer }) => key.export({ type: 'spki', format: 'pem' }).toString()
const jwk = (key: { export(o: object): unknown }) => key.export({ format: 'jwk' }) as Record<string, unknown>

describe('readStaticKey', () => {
  it('infers the algorithms a PEM public key may verify', () => {
    expect(readStaticKey(pem(rsa.publicKey))).toMatchObject({
      kind: 'key',
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'],
    })
    expect(readStaticKey(pem(ec.publicKey))).toMatchObject({ kind: 'key', algorithms: ['ES384'] })
    expect(readStaticKey(pem(ed.publicKey))).toMatchObject({ kind: 'key', algorithms: ['EdDSA', 'Ed25519'] })
  })

  it('narrows to the alg a public JWK declares, and refuses one its key cannot verify', () => {
    expect(readStaticKey({ ...jwk(rsa.publicKey), alg: 'PS256' })).toMatchObject({ kind: 'key', algorithms: ['PS256'] })
    expect(readStaticKey({ ...jwk(rsa.publicKey), alg: 'ES256' })).toEqual({
      error: "declares alg 'ES256', which its key type cannot verify",
    })
  })

  it('reads an HMAC secret of at least 256 bits as a symmetric JWK', () => {
    const k = Buffer.alloc(32, 7).toString('base64url')
    expect(readStaticKey({ kty: 'oct', k })).toMatchObject({ kind: 'key', algorithms: ['HS256', 'HS384', 'HS512'] })
    expect(readStaticKey({ kty: 'oct', k, alg: 'HS512' })).toMatchObject({ algorithms: ['HS512'] })
    expect(readStaticKey({ kty: 'oct', k: Buffer.alloc(16).toString('base64url') })).toEqual({
      error: 'is a symmetric key shorter than 256 bits',
    })
    expect(readStaticKey({ kty: 'oct', k, alg: 'RS256' })).toHaveProperty('error')
  })

  it('keeps a JWKS of public keys for choosing by kid', () => {
    const keys = [
      { ...jwk(rsa.publicKey), kid: 'a' },
      { ...jwk(ec.publicKey), kid: 'b' },
    ]
    expect(readStaticKey({ keys })).toEqual({ kind: 'jwks', jwks: { keys } })
  })

  it.each([
    ['a private PEM key', () => rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), /private key/],
    ['a private JWK', () => jwk(rsa.privateKey), /private JWK/],
    ['a JWKS with a private key', () => ({ keys: [jwk(ec.privateKey)] }), /keys\[0\] is a private JWK/],
    ['a JWKS with a symmetric key', () => ({ keys: [{ kty: 'oct', k: 'AAAA' }] }), /symmetric key as a single JWK/],
    ['an empty JWKS', () => ({ keys: [] }), /without keys/],
    ['a JWKS with junk', () => ({ keys: ['x'] }), /keys\[0\] is not a JWK/],
    ['a secret as plain text', () => 'my-secret', /must be a PEM public key/],
    ['broken PEM', () => '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', /not a readable PEM/],
    ['a number', () => 42, /must be a PEM public key or certificate, a JWK object/],
    ['an object without kty', () => ({ n: 'x' }), /without "kty"/],
    ['a JWK that is not a key', () => ({ kty: 'RSA', n: 'x' }), /not a usable public JWK/],
  ])('refuses %s', (_name, value, message) => {
    const result = readStaticKey(value())
    expect(result).toHaveProperty('error')
    expect((result as { error: string }).error).toMatch(message)
  })
})
