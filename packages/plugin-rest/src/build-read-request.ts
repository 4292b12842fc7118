import {
  parseCountText,
  parseExpandExpression,
  parseFilterExpression,
  parseFirstText,
  parseOrderByText,
  parseSelectText,
  SluiceError,
  type EntityModel,
  type OperationRequest,
} from '@sluice/core/protocol'
import type { QueryOptions } from './parse-query-string.js'

/** Turns a GET's path key and query options into the protocol-neutral read request. */
export function buildReadRequest(
  entity: EntityModel,
  key: Record<string, string> | undefined,
  options: QueryOptions,
): OperationRequest {
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
    select: options.$select === undefined ? undefined : parseSelectText(options.$select),
    filter,
    orderBy: options.$orderby === undefined ? undefined : parseOrderByText(options.$orderby),
    first: options.$first === undefined ? undefined : parseFirstText(options.$first),
    after: options.$after,
    count: options.$count === undefined ? undefined : parseCountText(options.$count),
    relations: options.$expand === undefined ? undefined : parseExpandExpression(options.$expand),
  }
}
