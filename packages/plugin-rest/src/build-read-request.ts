import { parseFilterExpression, SluiceError, type EntityModel, type OperationRequest } from '@sluice/core'
import { parseCountOption } from './parse-count-option.js'
import { parseFirstOption } from './parse-first-option.js'
import { parseOrderByOption } from './parse-order-by-option.js'
import type { QueryOptions } from './parse-query-string.js'
import { parseSelectOption } from './parse-select-option.js'

/** Turns a GET's path key and query options into the protocol-neutral read request. */
export function buildReadRequest(entity: EntityModel, key: Record<string, string> | undefined, options: QueryOptions): OperationRequest {
  let filter: OperationRequest['filter']
  if (options.$filter !== undefined) {
    const parsed = parseFilterExpression(options.$filter, { mode: 'filter' })
    if (!parsed.ok) throw new SluiceError('SLUICE_ERR_INVALID_FILTER', { place: '$filter', detail: parsed.message })
    filter = parsed.node
  }
  return {
    operation: 'read',
    entity: entity.name,
    key,
    select: options.$select === undefined ? undefined : parseSelectOption(options.$select),
    filter,
    orderBy: options.$orderby === undefined ? undefined : parseOrderByOption(options.$orderby),
    first: options.$first === undefined ? undefined : parseFirstOption(options.$first),
    after: options.$after,
    count: options.$count === undefined ? undefined : parseCountOption(options.$count, '$count'),
  }
}
