/**
 * A protocol-neutral filter over API-level field names, as a protocol parsed it from its own syntax (REST
 * `$filter`, GraphQL `filter:` input, MCP arguments, a permission's `policy.database`). Nodes are frozen plain
 * objects tagged by `kind`; the parse stage binds names to the service model and coerces literals to column types.
 */
export type FilterNode =
  | ComparisonFilter
  | AndFilter
  | OrFilter
  | NotFilter
  | StringMatchFilter
  | InFilter
  | IsNullFilter
  | ConstantFilter
  | RelatedFilter

export type FilterKind = FilterNode['kind']
export type ComparisonOperator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le'
export type StringMatchMode = 'contains' | 'startsWith' | 'endsWith'

/**
 * A literal as the protocol saw it. `value` keeps the protocol's representation: REST number literals stay text
 * (so 2^63-1 survives), GraphQL values arrive typed. `literalType` records how it was written, so `'5'` (a string)
 * and `5` (a number) can be told apart when checking against the column type.
 */
export interface LiteralOperand {
  readonly kind: 'literal'
  readonly value: unknown
  readonly literalType: 'string' | 'number' | 'boolean' | 'null' | 'date' | 'datetime' | 'time' | 'guid' | 'any'
}

export interface FieldOperand {
  readonly kind: 'field'
  readonly name: string
}

/** A reference to a claim of the caller (`@claims.<name>` in a database policy); bound to a value per request. */
export interface ClaimOperand {
  readonly kind: 'claim'
  readonly name: string
}

export type FilterOperand = LiteralOperand | FieldOperand | ClaimOperand

/** `left op right`; `x eq null` / `x ne null` are comparisons with a null literal until binding turns them into IS NULL. */
export interface ComparisonFilter {
  readonly kind: 'comparison'
  readonly op: ComparisonOperator
  readonly left: FilterOperand
  readonly right: FilterOperand
}

export interface AndFilter {
  readonly kind: 'and'
  readonly items: readonly FilterNode[]
}

export interface OrFilter {
  readonly kind: 'or'
  readonly items: readonly FilterNode[]
}

export interface NotFilter {
  readonly kind: 'not'
  readonly item: FilterNode
}

/** `contains(field, 'x')`, `startswith`, `endswith`; `negated` gives GraphQL's `notContains`. Case follows the database collation. */
export interface StringMatchFilter {
  readonly kind: 'stringMatch'
  readonly mode: StringMatchMode
  readonly field: string
  readonly value: LiteralOperand | ClaimOperand
  readonly negated: boolean
}

export interface InFilter {
  readonly kind: 'in'
  readonly field: string
  readonly values: readonly LiteralOperand[]
}

/** GraphQL `isNull: true|false`. */
export interface IsNullFilter {
  readonly kind: 'isNull'
  readonly field: string
  readonly isNull: boolean
}

/** Always true or always false (an empty `and`/`or`, or `true`/`false` written as a whole expression). */
export interface ConstantFilter {
  readonly kind: 'constant'
  readonly value: boolean
}

/**
 * "A related record exists that matches `filter`" over one of the entity's relationships (GraphQL
 * `books(filter: { publisher: { name: { eq: "X" } } })`), compiled as `EXISTS (…)` — through the linking object for
 * many-to-many. `filter`'s field names are the target entity's; the caller needs `read` on the target and the
 * target's field access and row policy apply (a related row the caller may not read never matches).
 * Not allowed in database policies.
 */
export interface RelatedFilter {
  readonly kind: 'related'
  /** Relationship name on the entity the enclosing filter is about. */
  readonly relationship: string
  readonly filter: FilterNode
}

/** Constructors that freeze, so trees can be shared across requests (filter cache, policies). */
export const Filter = {
  comparison: (op: ComparisonOperator, left: FilterOperand, right: FilterOperand): ComparisonFilter =>
    Object.freeze({ kind: 'comparison', op, left, right }),
  and: (items: readonly FilterNode[]): AndFilter => Object.freeze({ kind: 'and', items: Object.freeze([...items]) }),
  or: (items: readonly FilterNode[]): OrFilter => Object.freeze({ kind: 'or', items: Object.freeze([...items]) }),
  not: (item: FilterNode): NotFilter => Object.freeze({ kind: 'not', item }),
  stringMatch: (mode: StringMatchMode, field: string, value: LiteralOperand | ClaimOperand, negated = false): StringMatchFilter =>
    Object.freeze({ kind: 'stringMatch', mode, field, value, negated }),
  in: (field: string, values: readonly LiteralOperand[]): InFilter => Object.freeze({ kind: 'in', field, values: Object.freeze([...values]) }),
  isNull: (field: string, isNull: boolean): IsNullFilter => Object.freeze({ kind: 'isNull', field, isNull }),
  constant: (value: boolean): ConstantFilter => Object.freeze({ kind: 'constant', value }),
  related: (relationship: string, filter: FilterNode): RelatedFilter => Object.freeze({ kind: 'related', relationship, filter }),
  field: (name: string): FieldOperand => Object.freeze({ kind: 'field', name }),
  claim: (name: string): ClaimOperand => Object.freeze({ kind: 'claim', name }),
  literal: (value: unknown, literalType: LiteralOperand['literalType'] = 'any'): LiteralOperand => Object.freeze({ kind: 'literal', value, literalType }),
} as const

/** Every API field name a filter references (for field-level authorization); fields inside `related` nodes belong to the target and are left out. */
export function collectFilterFields(node: FilterNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'comparison':
      if (node.left.kind === 'field') into.add(node.left.name)
      if (node.right.kind === 'field') into.add(node.right.name)
      break
    case 'and':
    case 'or':
      for (const item of node.items) collectFilterFields(item, into)
      break
    case 'not':
      collectFilterFields(node.item, into)
      break
    case 'stringMatch':
    case 'in':
    case 'isNull':
      into.add(node.field)
      break
    case 'constant':
    case 'related':
      break
  }
  return into
}
