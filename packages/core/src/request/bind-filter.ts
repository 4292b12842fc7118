import { SluiceError } from '../errors/sluice-error.js'
import { isOrderedType, type ScalarType } from '../model/scalar-type.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import { describeValue } from '../util/describe-value.js'
import { invariant } from '../util/invariant.js'
import type { BoundFilter } from './bound-filter.js'
import { coerceValue } from './coerce-value.js'
import { compareLiterals } from './compare-literals.js'
import type { CaseFold, ComparisonOperator, FilterNode, FilterOperand, LiteralOperand } from '../filter/filter-node.js'

const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
}
const UNFILTERABLE: ReadonlySet<ScalarType> = new Set(['json', 'array', 'bytes', 'unknown'])
const FOLD_FUNCTIONS: Readonly<Record<CaseFold, string>> = { lower: 'tolower', upper: 'toupper' }

/**
 * The most values all `in` lists of one filter may hold together, whichever protocol built it: every value is a
 * statement parameter, and engines cap those (SQL Server at 2,100 per statement). docs/decisions.md.
 */
export const MAX_IN_VALUES = 1000

/** An operand with its fold taken off: a field name or a literal (claims are bound to literals before this). */
type Side =
  | { readonly kind: 'field'; readonly name: string; readonly fold?: CaseFold }
  | { readonly kind: 'literal'; readonly literal: LiteralOperand; readonly fold?: CaseFold }

/**
 * Binds a filter's API names to the entity's fields and coerces its literals to the fields' types. Claim operands
 * must have been replaced by literals first (the authorize stage does that for policies). `place` names the
 * request part in messages (`$filter`, `filter`, `policy`). `entities` resolves the targets of `related` nodes;
 * without it (policies) a related filter is refused.
 */
export function bindFilter(
  node: FilterNode,
  entity: EntityModel,
  place: string,
  entities?: ReadonlyMap<string, EntityModel>,
): BoundFilter {
  const field = (name: string): FieldModel => {
    const f = entity.fieldsByName.get(name)
    if (f === undefined) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: name, place })
    return f
  }
  const unsupported = (detail: string): SluiceError =>
    new SluiceError('SLUICE_ERR_UNSUPPORTED_FILTER', { place, detail })
  const coerce = (f: FieldModel, literal: LiteralOperand): unknown => {
    const r = coerceValue(f.type, literal.value, literal.literalType)
    if (!r.ok)
      throw new SluiceError('SLUICE_ERR_INVALID_VALUE', {
        value: formatLiteral(literal),
        field: f.name,
        place,
        expected: r.expected,
      })
    return r.value
  }
  const filterable = (f: FieldModel): FieldModel => {
    if (UNFILTERABLE.has(f.type)) throw unsupported(`field '${f.name}' (${f.dbType}) can only be tested for null.`)
    return f
  }
  // A folded field must hold text: tolower(id) would need a cast whose text differs between engines.
  const foldable = (f: FieldModel, fold: CaseFold | undefined): FieldModel => {
    if (fold !== undefined && f.type !== 'string')
      throw unsupported(`${FOLD_FUNCTIONS[fold]}() needs a text field; '${f.name}' is ${f.dbType}.`)
    return f
  }
  let inValues = 0

  const bind = (n: FilterNode): BoundFilter => {
    switch (n.kind) {
      case 'comparison':
        return bindComparison(n.op, n.left, n.right)
      case 'and':
      case 'or':
        return { kind: n.kind, items: n.items.map(bind) }
      case 'not':
        return { kind: 'not', item: bind(n.item) }
      case 'constant':
        return { kind: 'constant', value: n.value }
      case 'isNull':
        return { kind: 'isNull', field: field(n.field), negated: !n.isNull }
      case 'stringMatch': {
        const f = field(n.field)
        if (f.type !== 'string') throw unsupported(`${n.mode} needs a text field; '${f.name}' is ${f.dbType}.`)
        invariant(n.value.kind === 'literal', 'claims are bound before filter binding')
        if (typeof n.value.value !== 'string') {
          throw new SluiceError('SLUICE_ERR_INVALID_VALUE', {
            value: formatLiteral(n.value),
            field: f.name,
            place,
            expected: 'a string',
          })
        }
        return {
          kind: 'like',
          field: f,
          mode: n.mode,
          value: n.value.value,
          negated: n.negated,
          ...folds(n.fieldFold, n.valueFold),
        }
      }
      case 'in': {
        const f = foldable(filterable(field(n.field)), n.fieldFold ?? n.valueFold)
        if (n.values.some((v) => v.value === null))
          throw unsupported(`null cannot appear in an 'in' list; compare with eq null instead.`)
        inValues += n.values.length
        if (inValues > MAX_IN_VALUES)
          throw unsupported(`the 'in' lists of one filter may hold at most ${MAX_IN_VALUES} values together.`)
        return { kind: 'in', field: f, values: n.values.map((v) => coerce(f, v)), ...folds(n.fieldFold, n.valueFold) }
      }
      case 'related': {
        if (entities === undefined) throw unsupported('a filter on a related entity is not allowed here.')
        const relationship = entity.relationships.get(n.relationship)
        if (relationship === undefined)
          throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: n.relationship, place })
        const target = entities.get(relationship.target)
        invariant(target !== undefined, 'relationship targets are resolved at start-up')
        return {
          kind: 'related',
          relationship,
          target,
          filter: bindFilter(n.filter, target, place, entities),
          policy: undefined,
          authorized: false,
        }
      }
    }
  }

  const bindComparison = (
    op: ComparisonOperator,
    leftOperand: FilterOperand,
    rightOperand: FilterOperand,
  ): BoundFilter => {
    const left = sideOf(leftOperand)
    const right = sideOf(rightOperand)
    if (left.kind === 'literal' && right.kind === 'field') return compareSides(FLIPPED[op], right, left)
    return compareSides(op, left, right)
  }

  const compareSides = (op: ComparisonOperator, left: Side, right: Side): BoundFilter => {
    if (left.kind === 'literal' && right.kind === 'literal') {
      // `1 ne 1` is valid OData (Data API builder answers it): the statement gets a constant. So is a policy's
      // `tolower(@claims.role) eq 'admin'` once the claim is bound; that fold is JavaScript's (docs/decisions.md).
      const value = compareLiterals(op, foldLiteral(left), foldLiteral(right))
      if (value === undefined)
        throw unsupported(`${formatLiteral(left.literal)} cannot be compared with ${formatLiteral(right.literal)}.`)
      return { kind: 'constant', value }
    }
    invariant(left.kind === 'field', 'a literal on the left was flipped to the right')
    const f = foldable(field(left.name), left.fold)
    if (right.kind === 'field') {
      const g = foldable(field(right.name), right.fold)
      if (!comparable(filterable(f).type, filterable(g).type))
        throw unsupported(`'${f.name}' (${f.dbType}) cannot be compared with '${g.name}' (${g.dbType}).`)
      if (op !== 'eq' && op !== 'ne') orderable(f)
      return { kind: 'compareFields', left: f, op, right: g, ...sideFolds(left.fold, right.fold) }
    }
    if (right.literal.value === null) {
      // tolower(null) is null: the fold changes nothing here.
      if (op === 'eq' || op === 'ne') return { kind: 'isNull', field: f, negated: op === 'ne' }
      throw unsupported(`null can only be compared with eq or ne (field '${f.name}').`)
    }
    foldable(f, right.fold)
    filterable(f)
    if (op !== 'eq' && op !== 'ne') orderable(f)
    return { kind: 'compare', field: f, op, value: coerce(f, right.literal), ...folds(left.fold, right.fold) }
  }

  const orderable = (f: FieldModel): void => {
    if (!isOrderedType(f.type)) throw unsupported(`field '${f.name}' (${f.dbType}) supports only eq and ne.`)
  }

  return bind(node)
}

/** An operand without its fold; claims must have been bound to literals already. */
function sideOf(operand: FilterOperand): Side {
  const inner = operand.kind === 'caseFold' ? operand.operand : operand
  const fold = operand.kind === 'caseFold' ? operand.fold : undefined
  invariant(inner.kind !== 'claim', 'claims are bound before filter binding')
  const side:
    { kind: 'field'; name: string; fold?: CaseFold } | { kind: 'literal'; literal: LiteralOperand; fold?: CaseFold } =
    inner.kind === 'field' ? { kind: 'field', name: inner.name } : { kind: 'literal', literal: inner }
  if (fold !== undefined) side.fold = fold
  return side
}

/** A folded literal folded here (both sides literal); only text folds, anything else cannot take tolower(). */
function foldLiteral(side: Extract<Side, { kind: 'literal' }>): LiteralOperand {
  if (side.fold === undefined || side.literal.value === null) return side.literal
  const { value } = side.literal
  if (typeof value !== 'string') {
    throw new SluiceError('SLUICE_ERR_UNSUPPORTED_FILTER', {
      place: 'filter',
      detail: `${FOLD_FUNCTIONS[side.fold]}() needs text, not ${describeValue(value)}.`,
    })
  }
  return {
    kind: 'literal',
    value: side.fold === 'lower' ? value.toLowerCase() : value.toUpperCase(),
    literalType: 'string',
  }
}

/** `{ fieldFold, valueFold }` with only the folds that are set (bound nodes stay equal to fold-free ones). */
function folds(
  fieldFold: CaseFold | undefined,
  valueFold: CaseFold | undefined,
): { fieldFold?: CaseFold; valueFold?: CaseFold } {
  const out: { fieldFold?: CaseFold; valueFold?: CaseFold } = {}
  if (fieldFold !== undefined) out.fieldFold = fieldFold
  if (valueFold !== undefined) out.valueFold = valueFold
  return out
}

function sideFolds(
  leftFold: CaseFold | undefined,
  rightFold: CaseFold | undefined,
): { leftFold?: CaseFold; rightFold?: CaseFold } {
  const out: { leftFold?: CaseFold; rightFold?: CaseFold } = {}
  if (leftFold !== undefined) out.leftFold = leftFold
  if (rightFold !== undefined) out.rightFold = rightFold
  return out
}

function comparable(a: ScalarType, b: ScalarType): boolean {
  return category(a) === category(b)
}

function category(t: ScalarType): string {
  switch (t) {
    case 'byte':
    case 'short':
    case 'int':
    case 'long':
    case 'single':
    case 'float':
    case 'decimal':
      return 'number'
    case 'date':
    case 'datetime':
    case 'datetimeoffset':
      return 'datetime'
    default:
      return t
  }
}

function formatLiteral(literal: LiteralOperand): string {
  const v = literal.value
  const quoted = literal.literalType === 'string' || literal.literalType === 'any'
  const text = typeof v === 'string' ? (quoted ? `'${v}'` : v) : describeValue(v)
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}
