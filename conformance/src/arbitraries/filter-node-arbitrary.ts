import * as fc from 'fast-check'
import { Filter, type FilterNode } from '@sluice/core'
import type {
  CaseFold,
  ComparisonOperator,
  FilterOperand,
  LiteralOperand,
  StringMatchMode,
} from '@sluice/core/protocol'
type FilterExpressionMode = 'filter' | 'policy'

/*
 * Test support (imports fast-check): generators of filter trees that the filter expression language can express,
 * for round-trip properties here and in the conformance suite. Nothing under src/ may import this file.
 */

export type FilterLiteralType = Exclude<LiteralOperand['literalType'], 'any'>

export interface FilterNodeArbitraryOptions {
  /** `policy` also generates claim operands (fields then print as `@item.<name>`). Default `filter`. */
  readonly mode?: FilterExpressionMode
  /** Field names to reference; default {@link defaultFilterFieldNames} for the mode. */
  readonly fieldNames?: readonly string[]
  /** Claim names to reference in `policy` mode; default {@link defaultFilterClaimNames}. */
  readonly claimNames?: readonly string[]
  /** Literal generators compared with fields and listed in `in`; default every one of {@link filterLiteralArbitraries}. */
  readonly literals?: readonly fc.Arbitrary<LiteralOperand>[]
  /** Values for `contains`/`startswith`/`endswith`; default `filterLiteralArbitraries.string`'s values. */
  readonly stringValues?: fc.Arbitrary<string>
  /** Deepest `and`/`or`/`not` nesting; default 4. */
  readonly maxDepth?: number
  /** Longest `in` list; default 5. */
  readonly maxInListLength?: number
  /**
   * Leaf generator replacing the default comparisons, `in` lists, string matches and constants (the options above
   * then only apply to the default leaves). The conformance suite passes leaves typed for a table's columns.
   */
  readonly leaves?: fc.Arbitrary<FilterNode>
}

/** Field names chosen to trip a tokenizer: keyword prefixes, function names, hex words, non-Latin letters and marks. */
export function defaultFilterFieldNames(mode: FilterExpressionMode = 'filter'): readonly string[] {
  const names = [
    'id',
    'title',
    'price',
    'in_stock',
    'notes',
    'orders',
    'andrea',
    'eqx',
    'contains',
    '_hidden',
    'Ünïcödé',
    'नाम',
    'deadbeef',
    'T10',
    'x2',
  ]
  // After `@item.` even keywords are plain names.
  return mode === 'policy' ? [...names, 'in', 'and', 'not', 'true', 'null', 'eq'] : names
}

export const defaultFilterClaimNames: readonly string[] = [
  'sub',
  'userId',
  'roles',
  'tenant-id',
  'x:y',
  'a.b',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
]

const stringValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom('', "'", "''", "it's", " a'b'c ", '(x) and y eq 1', '@claims.sub', 'null', '5'),
)

/** One generator per literal type, each producing the value shape the parser gives that type (numbers and dates as text). */
export const filterLiteralArbitraries: Readonly<Record<FilterLiteralType, fc.Arbitrary<LiteralOperand>>> = {
  string: stringValue.map((v) => Filter.literal(v, 'string')),
  number: fc
    .oneof(
      fc.stringMatching(/^-?[0-9]{1,20}(\.[0-9]{1,6})?([eE][+-]?[0-9]{1,3})?$/),
      fc.bigInt().map(String),
      fc.constantFrom('0', '-0', '12.50', '9223372036854775807'),
    )
    .map((v) => Filter.literal(v, 'number')),
  boolean: fc.boolean().map((v) => Filter.literal(v, 'boolean')),
  null: fc.constant(Filter.literal(null, 'null')),
  date: fc
    .oneof(
      fc.stringMatching(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
      isoDate().map((iso) => iso.slice(0, 10)),
    )
    .map((v) => Filter.literal(v, 'date')),
  datetime: fc
    .oneof(
      fc.stringMatching(
        /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,7})?)?(Z|[+-][0-9]{2}:[0-9]{2})?$/,
      ),
      isoDate(),
    )
    .map((v) => Filter.literal(v, 'datetime')),
  time: fc.stringMatching(/^[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,7})?$/).map((v) => Filter.literal(v, 'time')),
  guid: fc
    .oneof(
      fc.uuid(),
      fc.uuid().map((u) => u.toUpperCase()),
    )
    .map((v) => Filter.literal(v, 'guid')),
}

/**
 * Arbitrary filter trees: `and`/`or` of 2+ items and `not` over leaves. With the default leaves they print and parse
 * back unchanged (no `isNull`, no negated string match).
 */
export function createFilterNodeArbitrary(options: FilterNodeArbitraryOptions = {}): fc.Arbitrary<FilterNode> {
  const leaf = options.leaves ?? createDefaultLeafArbitrary(options)
  const { node } = fc.letrec<{ node: FilterNode }>((tie) => ({
    node: fc.oneof(
      { maxDepth: options.maxDepth ?? 4, depthIdentifier: 'filter-node', depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('node'), { minLength: 2, maxLength: 4, depthIdentifier: 'filter-node' }).map(Filter.and),
      fc.array(tie('node'), { minLength: 2, maxLength: 4, depthIdentifier: 'filter-node' }).map(Filter.or),
      tie('node').map(Filter.not),
    ),
  }))
  return node
}

function createDefaultLeafArbitrary(options: FilterNodeArbitraryOptions): fc.Arbitrary<FilterNode> {
  const mode = options.mode ?? 'filter'
  const fieldName = fc.constantFrom(...(options.fieldNames ?? defaultFilterFieldNames(mode)))
  const field = fieldName.map(Filter.field)
  const literal = fc.oneof(...(options.literals ?? Object.values(filterLiteralArbitraries)))
  const claim = fc.constantFrom(...(options.claimNames ?? defaultFilterClaimNames)).map(Filter.claim)
  const operator = fc.constantFrom<ComparisonOperator>('eq', 'ne', 'gt', 'ge', 'lt', 'le')

  // tolower()/toupper() of a field, a string literal or (policies) a claim, sometimes.
  const fold = fc.option(fc.constantFrom<CaseFold>('lower', 'upper'), { nil: undefined, freq: 4 })
  const foldable = (operand: fc.Arbitrary<FilterOperand>): fc.Arbitrary<FilterOperand> =>
    fc
      .tuple(fold, operand)
      .map(([f, o]) =>
        f === undefined || o.kind === 'caseFold' || (o.kind === 'literal' && o.literalType !== 'string')
          ? o
          : Filter.caseFold(f, o),
      )
  const pairs: fc.Arbitrary<readonly [FilterOperand, FilterOperand]>[] = [
    fc.tuple(foldable(field), foldable(literal)),
    fc.tuple(foldable(literal), foldable(field)),
    fc.tuple(foldable(field), foldable(field)),
  ]
  if (mode === 'policy')
    pairs.push(fc.tuple(foldable(field), foldable(claim)), fc.tuple(foldable(claim), foldable(field)))
  const comparison = fc
    .tuple(operator, fc.oneof(...pairs))
    .map(([op, [left, right]]) => Filter.comparison(op, left, right))

  const inList = fc
    .tuple(fieldName, fc.array(literal, { minLength: 1, maxLength: options.maxInListLength ?? 5 }), fold)
    .map(([name, values, fieldFold]) => Filter.in(name, values, { fieldFold }))

  const matchValue =
    mode === 'policy'
      ? fc.oneof(
          (options.stringValues ?? stringValue).map((v) => Filter.literal(v, 'string')),
          claim,
        )
      : (options.stringValues ?? stringValue).map((v) => Filter.literal(v, 'string'))
  const stringMatch = fc
    .tuple(fc.constantFrom<StringMatchMode>('contains', 'startsWith', 'endsWith'), fieldName, matchValue, fold, fold)
    .map(([matchMode, name, value, fieldFold, valueFold]) =>
      Filter.stringMatch(matchMode, name, value, false, { fieldFold, valueFold }),
    )

  const constant = fc.boolean().map(Filter.constant)
  return fc.oneof(
    { arbitrary: comparison, weight: 4 },
    { arbitrary: inList, weight: 1 },
    { arbitrary: stringMatch, weight: 1 },
    { arbitrary: constant, weight: 1 },
  )
}

function isoDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
    .map((d) => d.toISOString())
}
