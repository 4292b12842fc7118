import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../util/json-char-codes.js'

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
  while (i < text.length && !DELIMITERS.has(text.charCodeAt(i))) i++
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
    const key = JSON.parse(text.slice(i, keyEnd)) as string
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

/** The spans of the elements of the array that starts at `start` (a `[`), in order. */
export function jsonArrayElements(text: string, start: number): Array<{ readonly start: number; readonly end: number }> {
  const elements: Array<{ start: number; end: number }> = []
  let i = skipSpace(text, start)
  if (text.charCodeAt(i) !== OPEN_BRACKET) throw new Error('a JSON array was expected')
  i = skipSpace(text, i + 1)
  if (text.charCodeAt(i) === CLOSE_BRACKET) return elements
  for (;;) {
    const end = jsonValueEnd(text, i)
    elements.push({ start: i, end })
    i = skipSpace(text, end)
    if (text.charCodeAt(i) === COMMA) {
      i = skipSpace(text, i + 1)
      continue
    }
    if (text.charCodeAt(i) === CLOSE_BRACKET) return elements
    throw new Error("',' or ']' was expected in a JSON array")
  }
}

/** Index just past the string whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === BACKSLASH) i++
    else if (c === QUOTE) return i + 1
  }
  throw new Error('unterminated JSON string')
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && SPACE.has(text.charCodeAt(i))) i++
  return i
}

const SPACE: ReadonlySet<number> = new Set([0x20, 0x09, 0x0a, 0x0d])
const DELIMITERS: ReadonlySet<number> = new Set([COMMA, CLOSE_BRACE, CLOSE_BRACKET, 0x20, 0x09, 0x0a, 0x0d])
