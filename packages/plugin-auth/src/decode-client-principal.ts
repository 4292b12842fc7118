import { createInvalidPrincipalError } from './create-invalid-principal-error.js'

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$|^[A-Za-z0-9_-]+={0,2}$/
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/**
 * X-MS-CLIENT-PRINCIPAL's value, base64 of UTF-8 JSON, as the JSON object it holds. Anything else — not base64,
 * not UTF-8, not JSON, not an object — is a 401 (`SLUICE_ERR_INVALID_CLIENT_PRINCIPAL`), never an anonymous pass.
 */
export function decodeClientPrincipal(value: string): Record<string, unknown> {
  const text = value.trim()
  if (text === '') throw createInvalidPrincipalError('is empty')
  if (!BASE64.test(text)) throw createInvalidPrincipalError('is not base64')
  let json: unknown
  try {
    json = JSON.parse(UTF8.decode(Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64')))
  } catch (error) {
    throw createInvalidPrincipalError('does not hold UTF-8 JSON', error)
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw createInvalidPrincipalError('does not hold a JSON object')
  return json as Record<string, unknown>
}
