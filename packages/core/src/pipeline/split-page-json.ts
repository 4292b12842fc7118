import { invariant } from '../util/invariant.js'

export interface PageSplit {
  /** The JSON array text of at most `limit` elements. */
  readonly json: string
  /** More than `limit` elements were present. */
  readonly more: boolean
  /** The text of element number `limit` (the last kept one) when `more`, for reading cursor values. */
  readonly lastElement: string | undefined
}

/**
 * Splits a page's JSON array text whose elements are separated by a comma and a newline (see `PageResult`): counts
 * the elements by their newlines and, when there are more than `limit`, cuts the rest off. A raw newline cannot
 * occur inside a JSON value, so the scan never needs to parse strings.
 */
export function splitPageJson(json: string, limit: number): PageSplit {
  let previous = 0
  let count = 1
  let newline = json.indexOf('\n')
  while (newline !== -1) {
    if (count === limit) {
      const cut = separatorStart(json, newline)
      return { json: `${json.slice(0, cut)}]`, more: true, lastElement: json.slice(previous === 0 ? 1 : previous + 1, cut).trim() }
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
  invariant(json[i] === ',', 'page data separates its elements with a comma before the newline')
  return i
}
