import { SluiceError } from '@sluice/core'

/** The challenge a 401 for a bad X-MS-CLIENT-PRINCIPAL carries (there is no standard scheme for EasyAuth). */
export const EASY_AUTH_CHALLENGE = 'EasyAuth'

/** 401 for an X-MS-CLIENT-PRINCIPAL header that cannot be read; `reason` completes "the header …". */
export function createInvalidPrincipalError(reason: string, cause?: unknown): SluiceError {
  return new SluiceError(
    'SLUICE_ERR_INVALID_CLIENT_PRINCIPAL',
    { reason, challenge: EASY_AUTH_CHALLENGE },
    cause === undefined ? {} : { cause },
  )
}
