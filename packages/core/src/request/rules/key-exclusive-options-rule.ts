import { SluiceError } from '../../errors/sluice-error.js'
import type { RequestRule } from './request-rule.js'

/** A by-key read returns one row: filtering, ordering and paging options make no sense with it. */
export const keyExclusiveOptionsRule: RequestRule = (request, _entity, terms) => {
  if (request.key === undefined) return
  // Every keyed request passes here: the list of offending options is built only for one that has some.
  if (request.filter === undefined && request.orderBy === undefined && request.first === undefined && request.after === undefined && request.count !== true) return
  const present = [
    request.filter !== undefined && terms.filter,
    request.orderBy !== undefined && terms.orderBy,
    request.first !== undefined && terms.first,
    request.after !== undefined && terms.after,
    request.count === true && terms.count,
  ].filter((name): name is string => typeof name === 'string')
  if (present.length > 0) throw new SluiceError('SLUICE_ERR_INVALID_QUERY_PARAMETER', { name: `${present.join(', ')} (not supported with a primary key)` })
}
