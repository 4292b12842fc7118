import type { KeyObject } from 'node:crypto'

const CURVE_ALGORITHMS: Readonly<Record<string, string>> = {
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
}

/**
 * The JWS algorithms a public key can verify, so a token cannot choose an algorithm its key was never meant for
 * (no HMAC with an RSA public key, no `none`). `undefined` for key types JWTs do not use.
 */
export function inferKeyAlgorithms(key: KeyObject): readonly string[] | undefined {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512']
    case 'rsa-pss':
      return ['PS256', 'PS384', 'PS512']
    case 'ec': {
      const alg = CURVE_ALGORITHMS[key.asymmetricKeyDetails?.namedCurve ?? '']
      return alg === undefined ? undefined : [alg]
    }
    case 'ed25519':
      return ['EdDSA', 'Ed25519']
    default:
      return undefined
  }
}
