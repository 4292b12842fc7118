import { singleHeader, type HttpRequest } from '@sluice/core'
import { createInvalidTokenError } from './create-invalid-token-error.js'

/**
 * The token of `Authorization: Bearer <token>` (scheme matched case-insensitively). No header, another scheme or
 * an empty token → `undefined` (the caller is anonymous, as with ASP.NET's JWT bearer handler); a repeated
 * Authorization header → 401.
 */
export function readBearerToken(request: HttpRequest): string | undefined {
  const header = singleHeader(request, 'authorization')
  if (header.repeated) throw createInvalidTokenError('the request has more than one Authorization header')
  const match = /^Bearer(?:\s+(.*))?$/is.exec(header.value?.trim() ?? '')
  const token = match?.[1]?.trim()
  return token === undefined || token === '' ? undefined : token
}
