import { SluiceError } from '@sluice/core'

/** RFC 6750 §3: the challenge for a bearer token that is present but unacceptable. */
export const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"'

/**
 * 401 for a bearer token that is present but not acceptable; `reason` completes "The bearer token is not valid: …"
 * and `detail` (the verifier's own words) is shown in development mode only.
 */
export function createInvalidTokenError(reason: string, detail?: string, cause?: unknown): SluiceError {
  return new SluiceError(
    'SLUICE_ERR_INVALID_TOKEN',
    { reason, challenge: INVALID_TOKEN_CHALLENGE },
    {
      ...(detail === undefined ? {} : { devDetail: `(${detail})` }),
      ...(cause === undefined ? {} : { cause }),
    },
  )
}
