import type { CursorOrderTerm } from './cursor-codec.js'
import type { BoundOrderTerm } from './parsed-request.js'

/** Cursor terms of orderings shared across requests (an entity's default, frozen by bindOrderBy), built once. */
const sharedOrders = new WeakMap<readonly BoundOrderTerm[], readonly CursorOrderTerm[]>()

/** An ordering as a cursor records it (API field names and directions). */
export function cursorOrderOf(terms: readonly BoundOrderTerm[]): readonly CursorOrderTerm[] {
  if (!Object.isFrozen(terms)) return terms.map(toCursorTerm)
  let order = sharedOrders.get(terms)
  if (order === undefined) sharedOrders.set(terms, (order = Object.freeze(terms.map(toCursorTerm))))
  return order
}

function toCursorTerm(term: BoundOrderTerm): CursorOrderTerm {
  return Object.freeze({ name: term.field.name, direction: term.direction })
}
