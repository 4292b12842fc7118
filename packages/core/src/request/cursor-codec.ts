import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { RandomBytesPool } from '../util/random-bytes-pool.js'

/** One ordering term as a cursor records it: API field name and direction. */
export interface CursorOrderTerm {
  readonly name: string
  readonly direction: 'asc' | 'desc'
}

export type CursorDecodeResult =
  | { readonly ok: true; readonly values: readonly (string | null)[]; readonly offset?: undefined }
  | { readonly ok: true; readonly offset: number; readonly values?: undefined }
  | { readonly ok: false; readonly reason: string }

const SIGNED = 1
const SEALED = 2
const TAG_BYTES = 16
const IV_BYTES = 12
/** Signed cursors remembered by content (a few hundred kilobytes at most). */
const SIGNED_CURSORS = 1000

const MALFORMED = 'the pagination token is not well formed.'
const ALTERED = 'the pagination token was altered, has expired, or was issued by another server.'
const FOREIGN =
  'the pagination token belongs to a different query; keep the entity and ordering of the request that returned it.'

/**
 * Keyset pagination cursors: the ordering values of the last row of a page, bound to the entity and the complete
 * ordering they belong to, as base64url. Every cursor is tamper-evident: an altered cursor fails verification and is
 * a 400, never a 500 or a silently skipped page. A cursor is signed (HMAC-SHA-256, ~2 µs) when the caller may read
 * every value in it, and sealed (AES-256-GCM, ~15 µs under load) when it would carry a value the caller may not
 * read — a key column excluded from its fields — so it never reveals one.
 */
export class CursorCodec {
  readonly #macKey: Buffer
  readonly #sealKey: Buffer
  readonly #random = new RandomBytesPool()
  /**
   * Signed cursors by their content. Signing is deterministic and costs a few microseconds of OpenSSL set-up per
   * cursor, while the busiest pages (a list's first) hand out the same cursor to every caller.
   */
  readonly #signed = new LRUCache<string, string>({ max: SIGNED_CURSORS })
  readonly #heads = new WeakMap<readonly CursorOrderTerm[], { readonly entity: string; readonly text: string }>()

  constructor(secret: string | Uint8Array) {
    this.#macKey = createHash('sha256').update('sluice-cursor-mac-v1\0').update(secret).digest()
    this.#sealKey = createHash('sha256').update('sluice-cursor-seal-v1\0').update(secret).digest()
  }

  encode(
    entity: string,
    order: readonly CursorOrderTerm[],
    values: readonly (string | null)[],
    conceal = false,
  ): string {
    return this.#seal(entity, order, values, conceal)
  }

  /**
   * A position cursor, for entities without key fields (keyless views): the number of rows earlier pages returned,
   * bound to the entity and ordering like a keyset cursor. It reveals nothing, so it is only signed.
   */
  encodeOffset(entity: string, order: readonly CursorOrderTerm[], offset: number): string {
    return this.#seal(entity, order, offset, false)
  }

  #seal(
    entity: string,
    order: readonly CursorOrderTerm[],
    position: readonly (string | null)[] | number,
    conceal: boolean,
  ): string {
    // `[entity, [[name, direction]…], position]`, its head written once per shared ordering.
    const text = `${this.#head(entity, order)}${JSON.stringify(position)}]`
    if (!conceal) {
      let token = this.#signed.get(text)
      if (token === undefined) {
        const payload = Buffer.from(text, 'utf8')
        const tag = createHmac('sha256', this.#macKey).update(payload).digest().subarray(0, TAG_BYTES)
        this.#signed.set(text, (token = Buffer.concat([Buffer.of(SIGNED), payload, tag]).toString('base64url')))
      }
      return token
    }
    const payload = Buffer.from(text, 'utf8')
    const iv = this.#random.take(IV_BYTES)
    const cipher = createCipheriv('aes-256-gcm', this.#sealKey, iv)
    const body = Buffer.concat([cipher.update(payload), cipher.final()])
    return Buffer.concat([Buffer.of(SEALED), iv, body, cipher.getAuthTag()]).toString('base64url')
  }

  /** `[entity,[[name,direction]…],`: built once for an ordering shared across requests (frozen, see cursorOrderOf). */
  #head(entity: string, order: readonly CursorOrderTerm[]): string {
    if (!Object.isFrozen(order)) return payloadHead(entity, order)
    const known = this.#heads.get(order)
    if (known !== undefined && known.entity === entity) return known.text
    const text = payloadHead(entity, order)
    this.#heads.set(order, { entity, text })
    return text
  }

  decode(token: string, entity: string, order: readonly CursorOrderTerm[]): CursorDecodeResult {
    const bytes = decodeCanonical(token)
    if (bytes === undefined || bytes.length < 1 + TAG_BYTES + 2) return { ok: false, reason: MALFORMED }
    const text = bytes[0] === SIGNED ? this.#verify(bytes) : bytes[0] === SEALED ? this.#open(bytes) : MALFORMED_MARK
    if (text === MALFORMED_MARK) return { ok: false, reason: MALFORMED }
    if (text === undefined) return { ok: false, reason: ALTERED }
    let payload: unknown
    try {
      payload = JSON.parse(text)
    } catch {
      return { ok: false, reason: MALFORMED }
    }
    if (!isPayload(payload)) return { ok: false, reason: MALFORMED }
    const [e, o, v] = payload
    const sameOrder =
      o.length === order.length &&
      o.every(([n, d], i) => n === order[i]!.name && d === (order[i]!.direction === 'asc' ? 0 : 1))
    if (e !== entity || !sameOrder) return { ok: false, reason: FOREIGN }
    if (typeof v === 'number') return { ok: true, offset: v }
    if (v.length !== order.length) return { ok: false, reason: FOREIGN }
    return { ok: true, values: v }
  }

  #verify(bytes: Buffer): string | undefined {
    const payload = bytes.subarray(1, bytes.length - TAG_BYTES)
    const expected = createHmac('sha256', this.#macKey).update(payload).digest().subarray(0, TAG_BYTES)
    return timingSafeEqual(expected, bytes.subarray(bytes.length - TAG_BYTES)) ? payload.toString('utf8') : undefined
  }

  #open(bytes: Buffer): string | undefined {
    if (bytes.length <= 1 + IV_BYTES + TAG_BYTES) return undefined
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#sealKey, bytes.subarray(1, 1 + IV_BYTES))
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
      return Buffer.concat([
        decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8')
    } catch {
      return undefined
    }
  }
}

const MALFORMED_MARK = '\0malformed'

/**
 * The bytes of a token only when it is the canonical base64url of them. Node's decoder is lenient: it drops a
 * dangling last character and ignores the unused low bits of the last one, so several texts would name one cursor
 * and a cursor with a character added would pass. Re-encoding and comparing accepts exactly the text we issue.
 */
function decodeCanonical(token: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined
  const bytes = Buffer.from(token, 'base64url')
  return bytes.toString('base64url') === token ? bytes : undefined
}

type Payload = [string, [string, 0 | 1][], (string | null)[] | number]

function isPayload(p: unknown): p is Payload {
  return (
    Array.isArray(p) &&
    p.length === 3 &&
    typeof p[0] === 'string' &&
    Array.isArray(p[1]) &&
    p[1].every((t) => Array.isArray(t) && t.length === 2 && typeof t[0] === 'string' && (t[1] === 0 || t[1] === 1)) &&
    ((Array.isArray(p[2]) && p[2].every((v) => v === null || typeof v === 'string')) ||
      (Number.isSafeInteger(p[2]) && (p[2] as number) > 0))
  )
}

function payloadHead(entity: string, order: readonly CursorOrderTerm[]): string {
  const whole = JSON.stringify([entity, order.map((t) => [t.name, t.direction === 'asc' ? 0 : 1])])
  return `${whole.slice(0, -1)},`
}
