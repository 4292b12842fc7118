import type { OrderByItem } from '@sluice/core/protocol'
import { invalid } from './read-arguments.js'

/** `["name asc", "year desc"]` → order terms; a field alone sorts ascending. Field names are checked by core. */
export function parseOrderByArgument(items: readonly string[]): OrderByItem[] {
  const order: OrderByItem[] = []
  for (const item of items) {
    const words = item.trim().split(/\s+/)
    if (words[0] === '') continue
    const direction = words[1]?.toLowerCase() ?? 'asc'
    if (words.length > 2 || (direction !== 'asc' && direction !== 'desc')) {
      throw invalid(`Invalid orderby item '${item}': expected a field name, optionally followed by asc or desc.`)
    }
    order.push({ field: words[0]!, direction })
  }
  return order
}
