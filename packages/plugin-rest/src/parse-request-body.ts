import { isSafeNumber, parse as parseLossless } from 'lossless-json'
import { SluiceError } from '@sluice/core/protocol'

/**
 * A write's body: a JSON object of field values. Missing or blank → undefined (core decides whether the operation
 * needs one); malformed JSON, an array (several records) or any other JSON value → 400 with its own message.
 * Integers beyond 2^53 arrive as `bigint`, not rounded: reads return 64-bit values as exact JSON numbers, and a
 * client that writes one back must not change it. Only bodies that hold a number beyond 2^53 once parsed (a long run of
 * digits, or an exponent) are parsed again by the slower parser, which keeps the integers among them exact.
 */
export function parseRequestBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new SluiceError('SLUICE_ERR_BODY_INVALID_JSON')
  }
  if (holdsUnsafeNumber(value)) {
    try {
      value = parseLossless(text, null, parseExactNumber)
    } catch {
      throw new SluiceError('SLUICE_ERR_BODY_INVALID_JSON')
    }
  }
  if (Array.isArray(value)) throw new SluiceError('SLUICE_ERR_BODY_ARRAY')
  if (value === null || typeof value !== 'object') {
    throw new SluiceError('SLUICE_ERR_BODY_NOT_OBJECT', { kind: value === null ? 'null' : `a ${typeof value}` })
  }
  return value as Record<string, unknown>
}

function parseExactNumber(text: string): number | bigint {
  return /^-?\d+$/.test(text) && !isSafeNumber(text) ? BigInt(text) : Number(text)
}

/** 2^53: from here on a JSON number may not be the integer it was written as. */
const UNSAFE = 2 ** 53

/**
 * Whether a parsed JSON value holds a number at or beyond 2^53 in magnitude, where JSON.parse may have rounded. A loop
 * over a stack of its own, not recursion: a body may nest thousands of levels deep (core refuses it with a 400 later).
 */
function holdsUnsafeNumber(root: unknown): boolean {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'number') {
      if (value >= UNSAFE || value <= -UNSAFE) return true
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item)
    } else if (value !== null && typeof value === 'object') {
      for (const key in value) pending.push((value as Record<string, unknown>)[key])
    }
  }
  return false
}
