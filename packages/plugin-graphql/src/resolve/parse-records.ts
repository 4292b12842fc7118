import { isInteger, isSafeNumber, LosslessNumber, parse as parseLossless } from 'lossless-json'
import { invariant, type OperationResult, type ReadResult, type WriteResult } from '@sluice/core/protocol'
import type { ResultContext } from './root-plan.js'

/** A read's (or a procedure's) result, as its plan expects it. */
export function readResult(result: OperationResult | undefined): ReadResult {
  invariant(result?.kind === 'read', 'a read or execute returns a read result')
  return result
}

/** A write's result, as its plan expects it. */
export function writeResult(result: OperationResult | undefined): WriteResult {
  invariant(result?.kind === 'write', 'a write returns a write result')
  return result
}

/** 16 digits in a row: the only way a JSON text can hold an integer beyond 2^53 (a cheap test before a slow parse). */
const LONG_DIGITS = /\d{16}/

/**
 * Records of a result's JSON array text, as graphql-js resolves them (field names are API names). Integers beyond
 * 2^53 (64-bit keys, bigint columns) would lose digits in `JSON.parse`; when the text may hold one, it is parsed
 * exactly instead, such integers are kept as `LosslessNumber`s, and the request is marked so its response is
 * written with their digits intact (see `writeResponse`).
 */
export function parseRecords(json: string, context: ResultContext): Array<Record<string, unknown>> {
  if (!LONG_DIGITS.test(json)) return JSON.parse(json) as Array<Record<string, unknown>>
  context.state.exactNumbers = true
  return parseLossless(json, null, parseExactNumber) as Array<Record<string, unknown>>
}

function parseExactNumber(text: string): number | LosslessNumber {
  return isInteger(text) && !isSafeNumber(text) ? new LosslessNumber(text) : Number(text)
}
