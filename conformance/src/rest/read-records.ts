import { expect } from 'vitest'
import type { RestReply } from '../fixture-server.js'

/** The records of a 200 success envelope `{"value":[…]}`; fails with the request and body otherwise. */
export function readRecords(reply: RestReply, request: string): Record<string, unknown>[] {
  expect(reply.status, `GET ${request} → ${reply.text}`).toBe(200)
  const body = reply.json as { value?: unknown } | undefined
  expect(Array.isArray(body?.value), `GET ${request}: no value array in ${reply.text}`).toBe(true)
  return body!.value as Record<string, unknown>[]
}
