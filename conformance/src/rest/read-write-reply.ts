import { expect } from 'vitest'
import type { RestReply } from '../fixture-server.js'

/**
 * The one record of a write's success envelope `{"value":[record]}` with the expected status (200 or 201); fails
 * naming the request and the reply otherwise.
 */
export function readWriteRecord(reply: RestReply, request: string, status: 200 | 201): Record<string, unknown> {
  const where = `${request} → ${reply.status} ${reply.text.slice(0, 500)}`
  expect(reply.status, where).toBe(status)
  expect(reply.contentType, where).toMatch(/^application\/json/)
  const body = reply.json as { value?: unknown } | undefined
  expect(body !== null && typeof body === 'object' ? Object.keys(body) : body, `${where}: envelope`).toEqual(['value'])
  expect(Array.isArray(body!.value) && body!.value.length === 1, `${where}: value holds one record`).toBe(true)
  const record = (body!.value as unknown[])[0]
  expect(record !== null && typeof record === 'object' && !Array.isArray(record), `${where}: record is an object`).toBe(
    true,
  )
  return record as Record<string, unknown>
}
