import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../util/json-char-codes.js'

/**
 * A structural scanner over JSON text that is known to be valid (the database built it): finds where values, object
 * members and array elements start and end without parsing them, so numbers keep every digit and nothing is
 * re-serialized. Used to rewrite nested relationship values in place (`reshapeExpandedRecord`).
 */

/** One member of an object: its key (decoded) and the span of its value in the text. */
export interface JsonMember {
  readonly key: string
  readonly start: number
  readonly valueStart: number
  readonly end: number
}

/** Index just past the value that starts at `start` (leading whitespace skipped). */
export function jsonValueEnd(text: string, start: number): number {
  let i = skipSpace(text, start)
  const c = text.charCodeAt(i)
  if (c === QUOTE) return stringEnd(text, i)
  if (c === OPEN_BRACE || c === OPEN_BRACKET) {
    let depth = 0
    for (; i < text.length; i++) {
      const d = text.charCodeAt(i)
      if (d === QUOTE) i = stringEnd(text, i) - 1
      else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++
      else if (d === CLOSE_BRACE || d === CLOSE_BRACKET) {
        depth--
        if (depth === 0) return i + 1
      }
    }
    throw new Error('unterminated JSON object or array')
  }
  // A number, true, false or null: up to the next delimiter.
  while (i < text.length && !isDelimiter(text.charCodeAt(i))) i++
  return i
}

/** The members of the object that starts at `start` (a `{`), in order. */
export function jsonObjectMembers(text: string, start: number): JsonMember[] {
  const members: JsonMember[] = []
  let i = skipSpace(text, start)
  if (text.charCodeAt(i) !== OPEN_BRACE) throw new Error('a JSON object was expected')
  i = skipSpace(text, i + 1)
  if (text.charCodeAt(i) === CLOSE_BRACE) return members
  for (;;) {
    const memberStart = i
    const keyEnd = stringEnd(text, i)
    // Keys are field names: decoded by JSON.parse only when they hold an escape.
    const key = holdsBackslash(text, i + 1, keyEnd - 1)
      ? (JSON.parse(text.slice(i, keyEnd)) as string)
      : text.slice(i + 1, keyEnd - 1)
    i = skipSpace(text, keyEnd)
    if (text.charCodeAt(i) !== COLON) throw new Error("':' was expected in a JSON object")
    const valueStart = skipSpace(text, i + 1)
    const end = jsonValueEnd(text, valueStart)
    members.push({ key, start: memberStart, valueStart, end })
    i = skipSpace(text, end)
    if (text.charCodeAt(i) === COMMA) {
      i = skipSpace(text, i + 1)
      continue
    }
    if (text.charCodeAt(i) === CLOSE_BRACE) return members
    throw new Error("',' or '}' was expected in a JSON object")
  }
}

/**
 * Index just past the string whose opening quote is at `start`: the next quote not escaped, found with `indexOf`
 * (native) rather than character by character; a quote is escaped when an odd number of backslashes precede it.
 */
function stringEnd(text: string, start: number): number {
  let quote = text.indexOf('"', start + 1)
  while (quote !== -1 && text.charCodeAt(quote - 1) === BACKSLASH && escaped(text, quote))
    quote = text.indexOf('"', quote + 1)
  if (quote === -1) throw new Error('unterminated JSON string')
  return quote + 1
}

function holdsBackslash(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === BACKSLASH) return true
  return false
}

function escaped(text: string, quote: number): boolean {
  let backslashes = 0
  for (let k = quote - 1; text.charCodeAt(k) === BACKSLASH; k--) backslashes++
  return backslashes % 2 === 1
}

// Comparisons rather than a Set: these run once per character scanned.
function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)
}

/** Index of the first character at or after `i` that is not JSON whitespace. */
export function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) i++
  return i
}
