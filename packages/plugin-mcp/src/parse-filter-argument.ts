import { parseFilterExpression, SluiceError, type FilterNode } from '@sluice/core/protocol'

/** An OData filter expression, parsed by core's parser (the one REST's `$filter` uses). */
export function parseFilterArgument(text: string | undefined): FilterNode | undefined {
  if (text === undefined || text.trim() === '') return undefined
  const parsed = parseFilterExpression(text, { mode: 'filter' })
  if (!parsed.ok) throw new SluiceError('SLUICE_ERR_INVALID_FILTER', { place: 'filter', detail: parsed.message })
  return parsed.node
}
