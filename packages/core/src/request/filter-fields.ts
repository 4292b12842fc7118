import type { FieldModel } from '../model/service-model.js'
import type { BoundFilter } from './bound-filter.js'

/** The fields a filter names at its own level (related-entity filters name their target's fields, not these). */
export function filterFields(filter: BoundFilter, into: Set<FieldModel> = new Set()): Set<FieldModel> {
  switch (filter.kind) {
    case 'compare':
    case 'isNull':
    case 'like':
    case 'in':
      into.add(filter.field)
      break
    case 'compareFields':
      into.add(filter.left).add(filter.right)
      break
    case 'and':
    case 'or':
      for (const item of filter.items) filterFields(item, into)
      break
    case 'not':
      filterFields(filter.item, into)
      break
    case 'constant':
    case 'related':
      break
  }
  return into
}
