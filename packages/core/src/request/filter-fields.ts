import type { FieldModel } from '../model/service-model.js'
import type { BoundFilter } from './bound-filter.js'

/**
 * Calls `visit` with each field a filter names at its own level, in the order written (related-entity filters name
 * their target's fields, not these).
 */
export function forEachFilterField(filter: BoundFilter, visit: (field: FieldModel) => void): void {
  switch (filter.kind) {
    case 'compare':
    case 'isNull':
    case 'like':
    case 'in':
      return visit(filter.field)
    case 'compareFields':
      visit(filter.left)
      return visit(filter.right)
    case 'and':
    case 'or':
      for (const item of filter.items) forEachFilterField(item, visit)
      return
    case 'not':
      return forEachFilterField(filter.item, visit)
    case 'constant':
    case 'related':
      return
  }
}
