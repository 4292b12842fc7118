import { SluiceError } from '../../errors/sluice-error.js'
import type { OperationRequest } from '../operation-request.js'
import type { RequestTerms } from '../request-terms.js'
import type { RequestRule } from './request-rule.js'

/** The options a by-key request may not carry, each with the term that names it in the caller's protocol. */
const LIST_OPTIONS: readonly (readonly [given: (request: OperationRequest) => boolean, term: keyof RequestTerms])[] = [
  [(r) => r.filter !== undefined, 'filter'],
  [(r) => r.orderBy !== undefined, 'orderBy'],
  [(r) => r.first !== undefined, 'first'],
  [(r) => r.after !== undefined, 'after'],
  [(r) => r.count === true, 'count'],
]

/** A by-key read returns one row: filtering, ordering and paging options make no sense with it. */
export const keyExclusiveOptionsRule: RequestRule = (request, _entity, terms) => {
  if (request.key === undefined) return
  // Every keyed request passes here: nothing is allocated unless it carries one of the options.
  let present: string[] | undefined
  for (const [given, term] of LIST_OPTIONS) if (given(request)) (present ??= []).push(terms[term])
  if (present !== undefined)
    throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', {
      name: `${present.join(', ')} (not supported with a primary key)`,
    })
}
