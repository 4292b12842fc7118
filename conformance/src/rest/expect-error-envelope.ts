import { expect } from 'vitest'
import type { RestReply } from '../fixture-server.js'

/** The error object of a REST error reply. */
export interface RestError {
  readonly code: string
  readonly message: string
  readonly status: number
}

/**
 * Checks a reply is a client error in REST's envelope: a 4xx status, a JSON body that is exactly
 * `{"error":{"code","message","status"}}` with string code and message and `status` equal to the HTTP status.
 * `request` is a URL (a GET) or a whole request line such as `PUT /api/items/id/1`.
 */
export function expectErrorEnvelope(reply: RestReply, request: string): RestError {
  const line = /^[A-Z]+ \//.test(request) ? request : `GET ${request}`
  const where = `${line} → ${reply.status} ${reply.text.slice(0, 500)}`
  expect(reply.status, where).toBeGreaterThanOrEqual(400)
  expect(reply.status, where).toBeLessThan(500)
  expect(reply.contentType, where).toMatch(/^application\/json/)
  const body = reply.json as { error?: Record<string, unknown> } | undefined
  expect(body !== null && typeof body === 'object' ? Object.keys(body) : body, where).toEqual(['error'])
  const error = body!.error!
  expect(error !== null && typeof error === 'object' ? Object.keys(error).sort() : error, where).toEqual([
    'code',
    'message',
    'status',
  ])
  expect(typeof error['code'], where).toBe('string')
  expect(typeof error['message'], where).toBe('string')
  expect(error['status'], where).toBe(reply.status)
  return error as unknown as RestError
}
