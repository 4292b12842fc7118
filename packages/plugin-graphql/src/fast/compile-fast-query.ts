import {
  BREAK,
  getNamedType,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql'
import {
  collectFields,
  collectSubfields,
  fragmentsOf,
  type CollectedField,
  type SelectionScope,
} from '../resolve/collect-fields.js'
import type { EntityTypes } from '../schema/entity-types.js'
import { readFieldExtension, type ReadFieldExtension } from './read-field-extension.js'

/** One response key of a record: a column, the type name, or a nested relationship. */
export type RecordPart =
  | { readonly kind: 'field'; readonly key: string; readonly name: string }
  | { readonly kind: 'typename'; readonly key: string; readonly value: string }
  | { readonly kind: 'one'; readonly key: string; readonly record: RecordShape }
  | { readonly kind: 'many'; readonly key: string; readonly connection: ConnectionShape }

/**
 * The response keys of a record, in selection order. `passthrough`: the JSON object core's statement builds for
 * this selection is already exactly this object (same keys, same order), so its text is copied without parsing.
 */
export interface RecordShape {
  readonly parts: readonly RecordPart[]
  readonly passthrough: boolean
}

/** `items` (under each of its response keys, with its own selection), the paging fields, or the type name. */
export type ConnectionPart =
  | { readonly kind: 'items'; readonly key: string; readonly record: RecordShape }
  | { readonly kind: 'hasNextPage' | 'endCursor' | 'totalCount'; readonly key: string }
  | { readonly kind: 'typename'; readonly key: string; readonly value: string }

export interface ConnectionShape {
  readonly parts: readonly ConnectionPart[]
  /** One `items` whose records core writes as selected: a root list copies the records' text. */
  readonly copiesItems: boolean
  /**
   * A nested connection as core writes it: exactly `items`, `hasNextPage`, `endCursor` (or `items` alone, when
   * neither paging value is selected), then `totalCount` if selected, unaliased, in that order, with records core
   * writes as selected.
   */
  readonly passthrough: boolean
}

export type FastRoot =
  | { readonly kind: 'typename'; readonly key: string }
  | {
      readonly kind: 'list'
      readonly key: string
      readonly connection: ConnectionShape
    }
  | {
      readonly kind: 'byKey'
      readonly key: string
      readonly record: RecordShape
    }

/** A query the fast path answers: its root fields, and the fragments their selections spread. */
export interface FastQuery {
  readonly operation: OperationDefinitionNode
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>
  readonly roots: readonly FastRoot[]
}

/** Thrown while compiling: the document has something only the general executor handles. */
class Unsupported extends Error {}

/**
 * Compiles a validated query into a {@link FastQuery}, or returns `undefined` when the general executor must run it:
 * a mutation, a directive anywhere (`@skip`/`@include` would make the shape depend on variables), introspection,
 * stored procedures, aggregation — anything but root list and by-key reads of records, their relationships,
 * connection fields and `__typename`.
 */
export function compileFastQuery(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): FastQuery | undefined {
  if (operation.operation !== 'query' || hasDirective(document)) return undefined
  const fragments = fragmentsOf(document)
  // No directives, so the selected fields do not depend on variables.
  const scope: SelectionScope = { fragments, variableValues: {} }
  const queryFields = schema.getQueryType()?.getFields() ?? {}
  try {
    const roots = collectFields([operation.selectionSet], scope).map((selected): FastRoot => {
      if (selected.name === '__typename') return { kind: 'typename', key: selected.responseKey }
      const field = queryFields[selected.name]
      const read = field === undefined ? undefined : readFieldExtension(field)
      if (field === undefined || read === undefined) throw new Unsupported()
      return compileRoot(selected, read, scope)
    })
    return { operation, fragments, roots }
  } catch (error) {
    if (error instanceof Unsupported) return undefined
    throw error
  }
}

function compileRoot(selected: CollectedField, read: ReadFieldExtension, scope: SelectionScope): FastRoot {
  const key = selected.responseKey
  return read.kind === 'list'
    ? { kind: 'list', key, connection: compileConnection(read.types, selected.nodes, scope) }
    : { kind: 'byKey', key, record: compileRecord(read.types, selected.nodes, scope) }
}

function compileConnection(t: EntityTypes, nodes: readonly FieldNode[], scope: SelectionScope): ConnectionShape {
  const parts: ConnectionPart[] = []
  for (const f of collectSubfields(nodes, scope)) {
    switch (f.name) {
      case 'items':
        // Core reads the union of every `items` selection once; each response key then gets its own fields.
        parts.push({ kind: 'items', key: f.responseKey, record: compileRecord(t, f.nodes, scope) })
        break
      case 'hasNextPage':
      case 'endCursor':
      case 'totalCount':
        parts.push({ kind: f.name, key: f.responseKey })
        break
      case '__typename':
        parts.push({ kind: 'typename', key: f.responseKey, value: t.connection.name })
        break
      default:
        throw new Unsupported() // groupBy (aggregation)
    }
  }
  const items = parts.filter((p) => p.kind === 'items')
  const copied = items.length === 1 && items[0]!.record.passthrough
  // Core writes `totalCount` last, and only when it is selected; `hasNextPage` and `endCursor` only when either is
  // (`RelationSelection.pageInfo`).
  const expected = parts.some((p) => p.kind === 'hasNextPage' || p.kind === 'endCursor') ? CORE_CONNECTION : ITEMS_ONLY
  const asCoreWrites =
    (parts.length === expected.length - 1 ||
      (parts.length === expected.length && parts.at(-1)!.kind === 'totalCount')) &&
    parts.every((p, i) => p.kind === expected[i] && p.key === p.kind)
  return { parts, copiesItems: copied, passthrough: copied && asCoreWrites }
}

const CORE_CONNECTION = ['items', 'hasNextPage', 'endCursor', 'totalCount'] as const
const ITEMS_ONLY = ['items', 'totalCount'] as const

function compileRecord(t: EntityTypes, nodes: readonly FieldNode[], scope: SelectionScope): RecordShape {
  const parts: RecordPart[] = []
  const typeFields = t.object.getFields()
  const targets = new Map(t.relationships().map((r) => [r.relationship.name, r]))
  for (const f of collectSubfields(nodes, scope)) {
    if (f.name === '__typename') {
      parts.push({ kind: 'typename', key: f.responseKey, value: t.object.name })
      continue
    }
    const related = targets.get(f.name)
    if (related !== undefined && typeFields[f.name] !== undefined) {
      parts.push(
        related.relationship.cardinality === 'one'
          ? { kind: 'one', key: f.responseKey, record: compileRecord(related.target, f.nodes, scope) }
          : { kind: 'many', key: f.responseKey, connection: compileConnection(related.target, f.nodes, scope) },
      )
    } else if (t.entity.fieldsByName.has(f.name) && typeFields[f.name] !== undefined && isLeaf(typeFields[f.name]!)) {
      parts.push({ kind: 'field', key: f.responseKey, name: f.name })
    } else {
      throw new Unsupported()
    }
  }
  return { parts, passthrough: isCoreRecord(parts) }
}

/**
 * Whether core's statement writes exactly these keys: core puts the selected columns first, in selection order, then
 * each relationship under its response key. With no column selected it returns every readable column instead.
 */
function isCoreRecord(parts: readonly RecordPart[]): boolean {
  let columns = 0
  let relations = false
  for (const p of parts) {
    switch (p.kind) {
      case 'typename':
        return false
      case 'field':
        if (relations || p.key !== p.name) return false
        columns++
        break
      case 'one':
        if (!p.record.passthrough) return false
        relations = true
        break
      case 'many':
        if (!p.connection.passthrough) return false
        relations = true
        break
    }
  }
  return columns > 0
}

function isLeaf(field: GraphQLField<unknown, unknown>): boolean {
  return !('getFields' in getNamedType(field.type))
}

function hasDirective(document: DocumentNode): boolean {
  let found = false
  visit(document, {
    Directive() {
      found = true
      return BREAK
    },
  })
  return found
}
