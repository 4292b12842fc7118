import { invariant } from '../util/invariant.js'
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../util/json-char-codes.js'

export interface PageSplit {
  /** The JSON array text of at most `limit` elements. */
  readonly json: string
  /** More than `limit` elements were present. */
  readonly more: boolean
  /** The text of element number `limit` (the last kept one) when `more`, for reading cursor values. */
  readonly lastElement: string | undefined
}

/**
 * Splits a page's JSON array text (see `PageResult`) after `limit` elements. `recordPerLine` is the dialect's promise
 * (`DialectCapabilities.pageRecordPerLine`) that records are compact and separated by a comma and a raw newline:
 * then the elements are counted by their newlines, which cannot occur inside a JSON string — the fast path. Without
 * it the JSON structure is scanned, so any whitespace, or none, between and inside records is read right.
 */
export function splitPageJson(json: string, limit: number, recordPerLine = false): PageSplit {
  return recordPerLine ? splitByLines(json, limit) : splitByStructure(json, limit)
}

function splitByLines(json: string, limit: number): PageSplit {
  let previous = 0
  let count = 1
  let newline = json.indexOf('\n')
  while (newline !== -1) {
    if (count === limit) {
      const cut = separatorStart(json, newline)
      return {
        json: `${json.slice(0, cut)}]`,
        more: true,
        lastElement: json.slice(previous === 0 ? 1 : previous + 1, cut).trim(),
      }
    }
    previous = newline
    count++
    newline = json.indexOf('\n', newline + 1)
  }
  return { json, more: false, lastElement: undefined }
}

/** Index of the comma that opens the separator ending at `newline`. */
function separatorStart(json: string, newline: number): number {
  let i = newline - 1
  while (json[i] === ' ' || json[i] === '\t' || json[i] === '\r') i--
  invariant(json[i] === ',', 'a dialect with pageRecordPerLine separates page records with a comma before a newline')
  return i
}

/** Finds the comma after element `limit` by depth, skipping strings whole (valid JSON, built by the database). */
function splitByStructure(json: string, limit: number): PageSplit {
  let depth = 0
  let count = 0
  let previous = json.indexOf('[')
  for (let i = previous + 1; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c === QUOTE) i = closingQuote(json, i)
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--
    else if (c === COMMA && depth === 0 && ++count === limit) {
      return { json: `${json.slice(0, i)}]`, more: true, lastElement: json.slice(previous + 1, i).trim() }
    } else if (c === COMMA && depth === 0) previous = i
  }
  return { json, more: false, lastElement: undefined }
}

/** Index of the quote that closes the string opened at `open` (one not preceded by an odd run of backslashes). */
function closingQuote(json: string, open: number): number {
  let q = json.indexOf('"', open + 1)
  while (q !== -1 && json.charCodeAt(q - 1) === BACKSLASH && escaped(json, q)) q = json.indexOf('"', q + 1)
  invariant(q !== -1, 'page data is valid JSON (an unterminated string)')
  return q
}

function escaped(json: string, quote: number): boolean {
  let backslashes = 0
  for (let k = quote - 1; json.charCodeAt(k) === BACKSLASH; k--) backslashes++
  return backslashes % 2 === 1
}
