import { createCipheriv, createDecipheriv, createHash } from 'node:crypto'
import { RandomBytesPool } from '../util/random-bytes-pool.js'

/** One ordering term as a cursor records it: API field name and direction. */
export interface CursorOrderTerm {
  readonly name: string
  readonly direction: 'asc' | 'desc'
}

export type CursorDecodeResult =
  | { readonly ok: true; readonly values: readonly (string | null)[] }
  | { readonly ok: false; readonly reason: string }

const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Keyset pagination cursors: the ordering values of the last row of a page, bound to the entity and the complete
 * ordering they belong to, sealed with AES-256-GCM and written as base64url. Sealing makes them truly opaque (a
 * cursor never reveals values — say of a key column the caller may not read) and tamper-evident (an altered
 * cursor fails to open and is a 400, never a 500 or a silently skipped page).
 */
export class CursorCodec {
  readonly #key: Buffer
  readonly #random = new RandomBytesPool()

  constructor(secret: string | Uint8Array) {
    this.#key = createHash('sha256').update('sluice-cursor-v1\0').update(secret).digest()
  }

  encode(entity: string, order: readonly CursorOrderTerm[], values: readonly (string | null)[]): string {
    const payload = JSON.stringify([entity, order.map((t) => [t.name, t.direction === 'asc' ? 0 : 1]), values])
    const iv = this.#random.take(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv)
    const body = Buffer.concat([cipher.update(payload, 'utf8'), cipher.final()])
    return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')
  }

  decode(token: string, entity: string, order: readonly CursorOrderTerm[]): CursorDecodeResult {
    const bytes = /^[A-Za-z0-9_-]+$/.test(token) ? Buffer.from(token, 'base64url') : undefined
    if (bytes === undefined || bytes.length <= IV_BYTES + TAG_BYTES) return { ok: false, reason: 'the pagination token is not well formed.' }
    let payload: unknown
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      const text = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      payload = JSON.parse(text)
    } catch {
      return { ok: false, reason: 'the pagination token was altered, has expired, or was issued by another server.' }
    }
    if (!isPayload(payload)) return { ok: false, reason: 'the pagination token is not well formed.' }
    const [e, o, v] = payload
    const sameOrder = o.length === order.length && o.every(([n, d], i) => n === order[i]!.name && d === (order[i]!.direction === 'asc' ? 0 : 1))
    if (e !== entity || !sameOrder || v.length !== order.length) {
      return { ok: false, reason: 'the pagination token belongs to a different query; keep the entity and ordering of the request that returned it.' }
    }
    return { ok: true, values: v }
  }
}

type Payload = [string, [string, 0 | 1][], (string | null)[]]

function isPayload(p: unknown): p is Payload {
  return Array.isArray(p) && p.length === 3 && typeof p[0] === 'string'
    && Array.isArray(p[1]) && p[1].every((t) => Array.isArray(t) && t.length === 2 && typeof t[0] === 'string' && (t[1] === 0 || t[1] === 1))
    && Array.isArray(p[2]) && p[2].every((v) => v === null || typeof v === 'string')
}
