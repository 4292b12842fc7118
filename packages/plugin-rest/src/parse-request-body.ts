import { isSafeNumber, parse as parseLossless } from 'lossless-json'
import { SluiceError } from '@sluice/core/protocol'

/** A run of 16 or more digits: the only way a JSON number can hold an integer beyond 2^53. */
const LONG_DIGITS = /\d{16}/

/**
 * A write's body: a JSON object of field values. Missing or blank → undefined (core decides whether the operation
 * needs one); malformed JSON, an array (several records) or any other JSON value → 400 with its own message.
 * Integers beyond 2^53 arrive as `bigint`, not rounded: reads return 64-bit values as exact JSON numbers, and a
 * client that writes one back must not change it. Only bodies that could hold such a number pay for the slower parser.
 */
export function parseRequestBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return undefined
  let value: unknown
  try {
    value = LONG_DIGITS.test(text) ? parseLossless(text, null, parseExactNumber) : JSON.parse(text)
  } catch {
    throw new SluiceError('SLUICE_ERR_BODY_INVALID_JSON')
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
