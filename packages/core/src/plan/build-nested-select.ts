import { randomUUID } from 'node:crypto'
import type { EntityModel } from '../model/service-model.js'
import type { AuthorizedRelation } from '../request/bound-relation.js'
import { andAll, buildPredicate } from './build-predicate.js'
import { buildKeysetPredicate } from './build-keyset-predicate.js'
import type { ParameterList } from './parameter-list.js'
import { columnOf, outputColumnOf, outputColumnsOf, tableOf } from './plan-structure.js'
import { linkingTableOf, relationshipJoin } from './relationship-structure.js'
import type { NestedCursors, NestedCursorSpec, NestedSelect, OrderTerm } from './select-plan.js'

export interface NestedSelects {
  readonly relations: readonly NestedSelect[]
  readonly nestedCursors: NestedCursors | undefined
}

/**
 * The nested selections of a read, level by level. Each target gets a fresh alias of the plan (`t1`, `t2` …; `t1l`
 * for a linking object), short and unique at any depth, and equal shapes give equal SQL. Nested pages register how
 * their cursor is signed; the marker parameter is added last, only when some nested page writes a cursor.
 */
export function buildNestedSelects(
  relations: readonly AuthorizedRelation[],
  parent: EntityModel,
  alias: string,
  params: ParameterList,
): NestedSelects {
  const cursors: NestedCursorSpec[] = []
  const built = build(relations, parent, alias, params, cursors)
  // No nested page writes a cursor (none, or only pages whose caller reads no paging value): no marker to bind.
  if (!built.some(writesCursor)) return { relations: built, nestedCursors: undefined }
  const value = randomUUID()
  return { relations: built, nestedCursors: { marker: params.add(value, 'string'), value, cursors } }
}

function writesCursor(n: NestedSelect): boolean {
  return (n.page !== undefined && n.page.pageInfo !== false) || n.relations.some(writesCursor)
}

function build(
  relations: readonly AuthorizedRelation[],
  parent: EntityModel,
  parentAlias: string,
  params: ParameterList,
  cursors: NestedCursorSpec[],
): NestedSelect[] {
  return relations.map((r) => {
    const alias = params.newAlias()
    const { bound } = r
    const { relationship, target } = bound
    const link = relationship.linking === undefined ? undefined : `${alias}l`
    const columns =
      bound.select === undefined ? outputColumnsOf(alias, r.fields) : r.fields.map((f) => outputColumnOf(alias, f))
    const policy = r.policy === undefined ? undefined : buildPredicate(r.policy, alias, params)
    const filter = r.filter === undefined ? undefined : buildPredicate(r.filter, alias, params)
    // Object literals written out, not spread from a shared base: V8 builds `{ ...base, extra }` on a slow path (see
    // decisions.md, hot-path code), and a nested read builds one per relationship per request.
    const table = tableOf(target, alias)
    const linking = link === undefined ? undefined : linkingTableOf(relationship, link)
    const join = relationshipJoin(relationship, parentAlias, alias, link)
    const parentColumns = relationship.sourceFields.map((name) => columnOf(parentAlias, parent.fieldsByName.get(name)!))
    if (relationship.cardinality === 'one') {
      // Several matches are possible when the key is not unique on the target side: take the first by key.
      const orderBy = target.keyFields.map((f): OrderTerm => ({
        column: columnOf(alias, f),
        direction: 'asc',
        nullable: false,
      }))
      return {
        name: bound.as,
        cardinality: relationship.cardinality,
        table,
        linking,
        join,
        parentColumns,
        columns,
        where: policy,
        orderBy,
        page: undefined,
        relations: build(r.relations, target, alias, params, cursors),
      }
    }
    const orderBy = bound.orderBy.map(({ field, direction }): OrderTerm => ({
      column: columnOf(alias, field),
      direction,
      nullable: field.nullable && !field.primaryKey,
    }))
    const keyset =
      bound.after === undefined
        ? undefined
        : buildKeysetPredicate(
            orderBy,
            bound.orderBy.map((t) => t.field.type),
            bound.after,
            params,
          )
    const readable = r.permission.fields
    cursors.push({
      entity: target.name,
      order: bound.orderBy.map((t) => ({ name: t.field.name, direction: t.direction })),
      conceal: bound.orderBy.some((t) => !readable.has(t.field.name)),
      signed: bound.endCursor,
    })
    const pageSize = bound.pageSize ?? 1
    return {
      name: bound.as,
      cardinality: relationship.cardinality,
      table,
      linking,
      join,
      parentColumns,
      columns,
      where: andAll([policy, filter, keyset]),
      orderBy,
      page: {
        limit: pageSize,
        fetch: pageSize + 1,
        cursorColumns: orderBy.map((t) => t.column),
        cursor: cursors.length - 1,
        pageInfo: bound.pageInfo,
        arrayWhenComplete: bound.arrayWhenComplete,
      },
      relations: build(r.relations, target, alias, params, cursors),
      // The nested rows the parent has, whatever page `after` asks for: the join, the policy and the filter.
      count: bound.count ? { where: andAll([policy, filter]) } : undefined,
    }
  })
}
