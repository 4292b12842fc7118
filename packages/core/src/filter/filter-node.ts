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
/** A text operand's letters folded to one case: OData's `tolower()` (`lower`) and `toupper()` (`upper`). */
export type CaseFold = 'lower' | 'upper'

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

/**
 * `tolower(x)` / `toupper(x)`: a text field, string literal or claim with its letters folded to one case, so the
 * comparison it takes part in ignores case. Folding happens in the database, with its Unicode case mapping, and the
 * folded texts compare by code point whatever the column's collation (docs/decisions.md, "Case-insensitive filters").
 */
export interface CaseFoldOperand {
  readonly kind: 'caseFold'
  readonly fold: CaseFold
  readonly operand: FieldOperand | LiteralOperand | ClaimOperand
}

export type FilterOperand = LiteralOperand | FieldOperand | ClaimOperand | CaseFoldOperand

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

/**
 * `contains(field, 'x')`, `startswith`, `endswith`; `negated` gives GraphQL's `notContains`. Case follows the
 * database collation unless a side is folded: `fieldFold` is `contains(tolower(field), …)`, `valueFold` is
 * `contains(…, tolower('x'))` (both: a case-insensitive match, GraphQL's `caseInsensitive`).
 */
export interface StringMatchFilter {
  readonly kind: 'stringMatch'
  readonly mode: StringMatchMode
  readonly field: string
  readonly value: LiteralOperand | ClaimOperand
  readonly negated: boolean
  readonly fieldFold?: CaseFold | undefined
  readonly valueFold?: CaseFold | undefined
}

/**
 * `field in (v1, v2, …)`: equal to one of the values. `fieldFold` is `tolower(field) in (…)`; `valueFold` folds every
 * value too (GraphQL's `caseInsensitive`). Core bounds the values of all `in` lists of one filter (`MAX_IN_VALUES`).
 */
export interface InFilter {
  readonly kind: 'in'
  readonly field: string
  readonly values: readonly LiteralOperand[]
  readonly fieldFold?: CaseFold | undefined
  readonly valueFold?: CaseFold | undefined
}

/** Which sides of a string match or `in` list are folded (both absent: case follows the collation). */
export interface CaseFolds {
  readonly fieldFold?: CaseFold | undefined
  readonly valueFold?: CaseFold | undefined
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
  stringMatch: (
    mode: StringMatchMode,
    field: string,
    value: LiteralOperand | ClaimOperand,
    negated = false,
    folds?: CaseFolds,
  ): StringMatchFilter => Object.freeze({ kind: 'stringMatch', mode, field, value, negated, ...presentFolds(folds) }),
  in: (field: string, values: readonly LiteralOperand[], folds?: CaseFolds): InFilter =>
    Object.freeze({ kind: 'in', field, values: Object.freeze([...values]), ...presentFolds(folds) }),
  isNull: (field: string, isNull: boolean): IsNullFilter => Object.freeze({ kind: 'isNull', field, isNull }),
  constant: (value: boolean): ConstantFilter => Object.freeze({ kind: 'constant', value }),
  related: (relationship: string, filter: FilterNode): RelatedFilter =>
    Object.freeze({ kind: 'related', relationship, filter }),
  field: (name: string): FieldOperand => Object.freeze({ kind: 'field', name }),
  claim: (name: string): ClaimOperand => Object.freeze({ kind: 'claim', name }),
  caseFold: (fold: CaseFold, operand: CaseFoldOperand['operand']): CaseFoldOperand =>
    Object.freeze({ kind: 'caseFold', fold, operand }),
  literal: (value: unknown, literalType: LiteralOperand['literalType'] = 'any'): LiteralOperand =>
    Object.freeze({ kind: 'literal', value, literalType }),
} as const

/** Only the folds that are set, so nodes without them equal nodes built before folds existed. */
function presentFolds(folds: CaseFolds | undefined): CaseFolds {
  if (folds === undefined) return {}
  const present: { fieldFold?: CaseFold; valueFold?: CaseFold } = {}
  if (folds.fieldFold !== undefined) present.fieldFold = folds.fieldFold
  if (folds.valueFold !== undefined) present.valueFold = folds.valueFold
  return present
}

/** The field an operand names, directly or inside `tolower()`/`toupper()`; undefined for literals and claims. */
export function operandField(operand: FilterOperand): string | undefined {
  if (operand.kind === 'field') return operand.name
  if (operand.kind === 'caseFold' && operand.operand.kind === 'field') return operand.operand.name
  return undefined
}

/** Every API field name a filter references (for field-level authorization); fields inside `related` nodes belong to the target and are left out. */
export function collectFilterFields(node: FilterNode, into: Set<string> = new Set()): Set<string> {
  switch (node.kind) {
    case 'comparison':
      for (const name of [operandField(node.left), operandField(node.right)]) if (name !== undefined) into.add(name)
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
