import { SluiceError } from '../errors/sluice-error.js'
import { isOrderedType } from '../model/scalar-type.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import type { OrderByItem } from './operation-request.js'
import type { BoundOrderTerm } from './parsed-request.js'
import type { RequestTerms } from './request-terms.js'

export interface BoundOrdering {
  /** Fields the caller named. */
  readonly fields: readonly FieldModel[]
  /**
   * The caller's terms followed by every key field not already named, ascending: a total order for keyset paging
   * (for an entity without key fields, every orderable field instead).
   */
  readonly terms: readonly BoundOrderTerm[]
}

/** Per entity, the ordering of a request that names none (most list reads): the same every time, so built once. */
const defaultOrderings = new WeakMap<EntityModel, BoundOrdering>()

export function bindOrderBy(entity: EntityModel, items: readonly OrderByItem[], terms: RequestTerms): BoundOrdering {
  if (items.length > 0) return bindNamed(entity, items, terms)
  let ordering = defaultOrderings.get(entity)
  if (ordering === undefined) {
    const bound = bindNamed(entity, items, terms)
    ordering = Object.freeze({
      fields: Object.freeze(bound.fields),
      terms: Object.freeze(bound.terms.map((t) => Object.freeze(t))),
    })
    defaultOrderings.set(entity, ordering)
  }
  return ordering
}

function bindNamed(entity: EntityModel, items: readonly OrderByItem[], terms: RequestTerms): BoundOrdering {
  const named: BoundOrderTerm[] = []
  const seen = new Set<string>()
  for (const item of items) {
    const field = entity.fieldsByName.get(item.field)
    if (field === undefined)
      throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: item.field, place: terms.orderBy })
    if (seen.has(field.name)) {
      throw new SluiceError('SLUICE_ERR_INVALID_ORDERBY', {
        place: terms.orderBy,
        detail: `field '${field.name}' appears more than once.`,
      })
    }
    if (!isOrderedType(field.type)) {
      throw new SluiceError('SLUICE_ERR_INVALID_ORDERBY', {
        place: terms.orderBy,
        detail: `field '${field.name}' (${field.dbType}) cannot be used for ordering.`,
      })
    }
    seen.add(field.name)
    named.push({ field, direction: item.direction })
  }
  const all = [...named]
  // Key fields make the order total. Without any (a keyless view), every orderable field makes it deterministic:
  // rows still equal after all of them are identical, so which comes first cannot be seen (pages go by position).
  const breakers = entity.keyFields.length > 0 ? entity.keyFields : entity.fields.filter((f) => isOrderedType(f.type))
  for (const field of breakers) if (!seen.has(field.name)) all.push({ field, direction: 'asc' })
  return { fields: named.map((t) => t.field), terms: all }
}
