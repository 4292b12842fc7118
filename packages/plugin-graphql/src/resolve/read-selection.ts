import { getArgumentValues, type FieldNode, type GraphQLObjectType } from 'graphql'
import {
  Filter,
  type EntityModel,
  type FilterNode,
  type RelationSelection,
  type ServiceModel,
} from '@sluice/core/protocol'
import type { EntityTypes } from '../schema/entity-types.js'
import { buildFilter, type RelatedFilterBuilder } from './build-filter.js'
import { buildOrderBy } from './build-order-by.js'
import { collectSubfields, type CollectedField, type SelectionScope } from './collect-fields.js'
import { writtenKeyOrder } from './ordered-input.js'

export interface ReadScope extends SelectionScope {
  readonly model: ServiceModel
  readonly types: (entityName: string) => EntityTypes | undefined
  readonly rawVariables: Readonly<Record<string, unknown>>
}

/** What a read returns: the fields to select and the relationships to nest (both for core's `OperationRequest`). */
export interface ReadSelection {
  readonly select: readonly string[] | undefined
  readonly relations: readonly RelationSelection[] | undefined
}

/** List arguments (`filter`, `orderBy`, `first`, `after`) in core's terms. */
export interface ListOptions {
  readonly filter: FilterNode | undefined
  readonly orderBy: RelationSelection['orderBy']
  readonly first: number | undefined
  readonly after: string | undefined
}

/**
 * The fields and relationships a selection set asks of `entity`'s records: entity fields become `select` (scalar
 * fields are selected by name; response aliases are applied by graphql-js), relationship fields become nested
 * `RelationSelection`s written under their response keys. An empty selection (only `__typename`) selects nothing
 * explicitly, so core returns the role's readable fields.
 */
export function buildReadSelection(
  entity: EntityModel,
  type: GraphQLObjectType,
  fields: readonly CollectedField[],
  scope: ReadScope,
): ReadSelection {
  const select = new Set<string>()
  const relations: RelationSelection[] = []
  const typeFields = type.getFields()
  for (const field of fields) {
    const relationship = entity.relationships.get(field.name)
    if (relationship !== undefined && typeFields[field.name] !== undefined) {
      relations.push(buildRelation(entity, type, field, scope))
    } else if (entity.fieldsByName.has(field.name)) {
      select.add(field.name)
    }
  }
  return {
    select: select.size === 0 ? undefined : [...select],
    relations: relations.length === 0 ? undefined : relations,
  }
}

/** The records below a connection's `items` (merged over every `items` selection). */
export function itemsOf(connectionFields: readonly CollectedField[], scope: SelectionScope): CollectedField[] {
  const nodes = connectionFields.filter((f) => f.name === 'items').flatMap((f) => f.nodes)
  return nodes.length === 0 ? [] : collectSubfields(nodes, scope)
}

/** `filter`, `orderBy`, `first`, `after` of a list field, as coerced `args`, with `orderBy` in written order. */
export function buildListOptions(
  entity: EntityModel,
  args: Readonly<Record<string, unknown>>,
  node: FieldNode,
  scope: ReadScope,
): ListOptions {
  const filter =
    args['filter'] === undefined || args['filter'] === null
      ? undefined
      : buildFilter(args['filter'] as Record<string, unknown>, relatedFilters(entity, scope))
  const orderBy =
    args['orderBy'] === undefined || args['orderBy'] === null
      ? undefined
      : buildOrderBy(args['orderBy'] as Record<string, unknown>, writtenKeyOrder(node, 'orderBy', scope.rawVariables))
  return {
    filter,
    orderBy: orderBy === undefined || orderBy.length === 0 ? undefined : orderBy,
    first: typeof args['first'] === 'number' ? args['first'] : undefined,
    after: typeof args['after'] === 'string' ? args['after'] : undefined,
  }
}

/** Relationship keys of a filter input become "a related record matches" nodes over the target's filter input. */
export function relatedFilters(entity: EntityModel, scope: ReadScope): RelatedFilterBuilder {
  return (key, value) => {
    const relationship = entity.relationships.get(key)
    if (relationship === undefined) return undefined
    const target = scope.model.entities.get(relationship.target)
    if (target === undefined) return undefined
    return Filter.related(key, buildFilter(value, relatedFilters(target, scope)))
  }
}

function buildRelation(
  entity: EntityModel,
  type: GraphQLObjectType,
  field: CollectedField,
  scope: ReadScope,
): RelationSelection {
  const relationship = entity.relationships.get(field.name)!
  const target = scope.model.entities.get(relationship.target)!
  const targetTypes = scope.types(relationship.target)!
  const subfields = collectSubfields(field.nodes, scope)
  if (relationship.cardinality === 'one') {
    const { select, relations } = buildReadSelection(target, targetTypes.object, subfields, scope)
    return { relationship: relationship.name, as: field.responseKey, select, relations }
  }
  const definition = type.getFields()[field.name]!
  const node = field.nodes[0]!
  const args = getArgumentValues(definition, node, scope.variableValues as Record<string, unknown>)
  const { select, relations } = buildReadSelection(target, targetTypes.object, itemsOf(subfields, scope), scope)
  const { filter, orderBy, first, after } = buildListOptions(target, args, node, scope)
  // Signing a nested cursor costs an HMAC per parent record, and a count a scan per parent: only when selected.
  const endCursor = subfields.some((f) => f.name === 'endCursor')
  const count = subfields.some((f) => f.name === 'totalCount') ? true : undefined
  // Neither paging value selected: the database builds `{"items": [...]}` alone, which the fast path can copy.
  const pageInfo = endCursor || subfields.some((f) => f.name === 'hasNextPage') ? undefined : false
  return {
    relationship: relationship.name,
    as: field.responseKey,
    select,
    relations,
    filter,
    orderBy,
    first,
    after,
    endCursor,
    pageInfo,
    count,
  }
}
