import type { CursorCodec } from '../request/cursor-codec.js'
import type { NestedCursors } from '../plan/select-plan.js'

/**
 * Replaces every marked nested cursor in the statement's JSON text with a signed (or sealed) cursor. The database
 * writes each as the JSON string `"<marker><index>:<JSON array of the ordering values>"`; the marker is random per
 * request, so no stored value can imitate it, and the text is scanned without parsing the JSON.
 */
export function signNestedCursors(json: string, nested: NestedCursors, cursors: CursorCodec): string {
  const needle = `"${nested.value}`
  let at = json.indexOf(needle)
  if (at === -1) return json
  let out = ''
  let from = 0
  while (at !== -1) {
    const end = closingQuote(json, at + 1)
    // The index follows the marker directly (digits, then a colon): read it without parsing the whole string.
    const indexStart = at + needle.length
    const colon = json.indexOf(':', indexStart)
    const spec = nested.cursors[Number(json.slice(indexStart, colon))]
    if (spec === undefined) throw new Error('nested cursor index out of range')
    if (spec.signed) {
      const content = JSON.parse(json.slice(at, end + 1)) as string
      const values = JSON.parse(content.slice(content.indexOf(':', nested.value.length) + 1)) as (string | null)[]
      out += json.slice(from, at) + JSON.stringify(cursors.encode(spec.entity, spec.order, values, spec.conceal))
    } else {
      out += `${json.slice(from, at)}null`
    }
    from = end + 1
    at = json.indexOf(needle, from)
  }
  return out + json.slice(from)
}

/** Index of the quote closing the JSON string that opens at `start - 1`. */
function closingQuote(json: string, start: number): number {
  for (let i = start; i < json.length; i++) {
    const c = json.charCodeAt(i)
    if (c === 0x5c) i++
    else if (c === 0x22) return i
  }
  throw new Error('unterminated nested cursor string')
}
