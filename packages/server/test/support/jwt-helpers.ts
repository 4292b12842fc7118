import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { expect } from 'vitest'
import { SignJWT, type JWTPayload } from 'jose'
import { isErrorEnvelope, type JsonResponse, type LibraryTestServer } from './library-test-server.js'

type Json = Record<string, unknown>

/** The issuer and audience the test JWT provider expects (a static key: no discovery, no network). */
export const ISSUER = 'urn:sluice-tests:issuer'
export const AUDIENCE = 'api://sluice-tests'

const signer = generateKeyPairSync('ec', { namedCurve: 'P-256' })
/** A key the server does not trust (tokens signed with it must be refused). */
export const STRANGER_KEY: KeyObject = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey

/** The public JWK the server verifies tokens with. */
export const PUBLIC_JWK: Json = signer.publicKey.export({ format: 'jwk' }) as Json

export const FORBIDDEN_BODY =
  '{"error":{"code":"Authorization Failure","message":"The current role does not have permission to perform this action.","status":403}}'
export const MISSING_CLAIM_BODY =
  '{"error":{"code":"Authorization Failure","message":"User does not possess all the claims required to perform this operation.","status":403}}'

/** `runtime` overrides: a JWT (`Custom`) provider keyed with PUBLIC_JWK, in the given host mode. */
export function jwtRuntime(mode: 'production' | 'development' = 'production'): Json {
  return {
    host: {
      mode,
      authentication: { provider: 'Custom', jwt: { audience: AUDIENCE, issuer: ISSUER, key: PUBLIC_JWK } },
    },
  }
}

/** A signed ES256 token: issuer, audience, issued now, valid for an hour, then `claims` (a claim set to undefined is left out). */
export function token(claims: JWTPayload = {}, key: KeyObject = signer.privateKey): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const payload: JWTPayload = { iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 3600, ...claims }
  for (const name of Object.keys(payload)) if (payload[name] === undefined) delete payload[name]
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256' }).sign(key)
}

export interface CallOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** The bearer token (none when undefined). */
  readonly token?: string
  /** X-MS-API-ROLE. */
  readonly role?: string
  /** JSON body (sent as JSON text). */
  readonly body?: unknown
}

/** One request with an optional bearer token, role header and JSON body. */
export function call(library: LibraryTestServer, url: string, options: CallOptions = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = {}
  if (options.token !== undefined) headers['authorization'] = `Bearer ${options.token}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  return library.request(url, {
    method: options.method ?? 'GET',
    ...(options.role === undefined ? {} : { role: options.role }),
    headers,
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
  })
}

const WIRE_CODES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Authorization Failure',
  404: 'Not Found',
}

/** A failure: exact status, the error envelope with that status's wire code, and the exact message (or a pattern). */
export function expectError(response: JsonResponse, status: number, message: string | RegExp): void {
  expect(response.status, response.text).toBe(status)
  expect(isErrorEnvelope(response), response.text).toBe(true)
  expect(response.body.error.code, response.text).toBe(WIRE_CODES[status])
  if (typeof message === 'string') expect(response.body.error.message).toBe(message)
  else expect(response.body.error.message).toMatch(message)
}
