import type { PaginationConfig } from '../config/runtime-config.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { EntityModel } from '../model/service-model.js'
import { invariant } from '../util/invariant.js'
import { bindFilter } from './bind-filter.js'
import { bindOrderBy } from './bind-order-by.js'
import { bindSelect } from './bind-select.js'
import { NO_RELATIONS, type BoundRelation } from './bound-relation.js'
import type { CursorCodec } from './cursor-codec.js'
import type { RelationSelection } from './operation-request.js'
import type { RequestTerms } from './request-terms.js'
import { resolvePageSize } from './resolve-page-size.js'

export interface RelationBindingContext {
  readonly entities: ReadonlyMap<string, EntityModel>
  readonly pagination: PaginationConfig
  readonly cursors: CursorCodec
  readonly terms: RequestTerms
}

/**
 * Binds nested relation selections to the model, level by level: relationship names, selected fields, filters,
 * orderings, page sizes and nested cursors. Names are checked here; whether the caller may use them is the authorize
 * and field-filter stages' call. `reserved` holds the response keys already taken at this level (selected fields).
 */
export function bindRelations(
  selections: readonly RelationSelection[] | undefined,
  entity: EntityModel,
  reserved: ReadonlySet<string>,
  context: RelationBindingContext,
): readonly BoundRelation[] {
  if (selections === undefined || selections.length === 0) return NO_RELATIONS
  const { terms } = context
  const keys = new Set(reserved)
  return selections.map((selection) => {
    const relationship = entity.relationships.get(selection.relationship)
    if (relationship === undefined)
      throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: selection.relationship, place: terms.expand })
    if (keys.has(selection.as)) {
      throw new SluiceError('SLUICE_ERR_INVALID_RELATION', {
        relationship: selection.relationship,
        detail: `the response key '${selection.as}' is used twice.`,
      })
    }
    keys.add(selection.as)
    const target = context.entities.get(relationship.target)
    invariant(target !== undefined, 'relationship targets are resolved at start-up')
    const many = relationship.cardinality === 'many'
    if (
      !many &&
      (selection.filter !== undefined ||
        selection.orderBy !== undefined ||
        selection.first !== undefined ||
        selection.after !== undefined ||
        selection.count === true)
    ) {
      throw new SluiceError('SLUICE_ERR_INVALID_RELATION', {
        relationship: selection.relationship,
        detail: `a relationship of cardinality one takes no filter, orderBy, first, after or ${terms.count}.`,
      })
    }
    const select = selection.select === undefined ? undefined : bindSelect(target, selection.select, terms)
    const ordering = bindOrderBy(target, selection.orderBy ?? [], terms)
    let after: BoundRelation['after']
    if (selection.after !== undefined) {
      const decoded = context.cursors.decode(
        selection.after,
        target.name,
        ordering.terms.map((t) => ({ name: t.field.name, direction: t.direction })),
      )
      if (!decoded.ok || decoded.values === undefined) {
        throw new SluiceError('SLUICE_ERR_INVALID_CURSOR', {
          place: terms.after,
          detail: decoded.ok ? 'the pagination token belongs to a different query.' : decoded.reason,
        })
      }
      after = decoded.values
    }
    const nestedKeys = new Set((select ?? target.fields).map((f) => f.name))
    return {
      relationship,
      target,
      as: selection.as,
      select,
      filter:
        selection.filter === undefined
          ? undefined
          : bindFilter(selection.filter, target, terms.filter, context.entities),
      orderByFields: ordering.fields,
      orderBy: many ? ordering.terms : NO_RELATIONS,
      pageSize: many ? resolvePageSize(selection.first, context.pagination, terms) : undefined,
      after,
      endCursor: selection.endCursor !== false,
      pageInfo: selection.pageInfo !== false,
      arrayWhenComplete: many && selection.arrayWhenComplete === true,
      count: many && selection.count === true,
      relations: bindRelations(selection.relations, target, nestedKeys, context),
    }
  })
}
