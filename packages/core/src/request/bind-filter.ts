import { SluiceError } from '../errors/sluice-error.js'
import { isOrderedType, type ScalarType } from '../model/scalar-type.js'
import type { EntityModel, FieldModel } from '../model/service-model.js'
import { describeValue } from '../util/describe-value.js'
import { invariant } from '../util/invariant.js'
import type { BoundFilter } from './bound-filter.js'
import { coerceValue } from './coerce-value.js'
import { compareLiterals } from './compare-literals.js'
import type { ComparisonOperator, FilterNode, FilterOperand, LiteralOperand } from '../filter/filter-node.js'

const FLIPPED: Record<ComparisonOperator, ComparisonOperator> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' }
const UNFILTERABLE: ReadonlySet<ScalarType> = new Set(['json', 'array', 'bytes', 'unknown'])

/**
 * Binds a filter's API names to the entity's fields and coerces its literals to the fields' types. Claim operands
 * must have been replaced by literals first (the authorize stage does that for policies). `place` names the
 * request part in messages (`$filter`, `filter`, `policy`). `entities` resolves the targets of `related` nodes;
 * without it (policies) a related filter is refused.
 */
export function bindFilter(node: FilterNode, entity: EntityModel, place: string, entities?: ReadonlyMap<string, EntityModel>): BoundFilter {
  const field = (name: string): FieldModel => {
    const f = entity.fieldsByName.get(name)
    if (f === undefined) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: name, place })
    return f
  }
  const unsupported = (detail: string): SluiceError => new SluiceError('SLUICE_ERR_UNSUPPORTED_FILTER', { place, detail })
  const coerce = (f: FieldModel, literal: LiteralOperand): unknown => {
    const r = coerceValue(f.type, literal.value, literal.literalType)
    if (!r.ok) throw new SluiceError('SLUICE_ERR_INVALID_VALUE', { value: formatLiteral(literal), field: f.name, place, expected: r.expected })
    return r.value
  }
  const filterable = (f: FieldModel): FieldModel => {
    if (UNFILTERABLE.has(f.type)) throw unsupported(`field '${f.name}' (${f.dbType}) can only be tested for null.`)
    return f
  }

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
          throw new SluiceError('SLUICE_ERR_INVALID_VALUE', { value: formatLiteral(n.value), field: f.name, place, expected: 'a string' })
        }
        return { kind: 'like', field: f, mode: n.mode, value: n.value.value, negated: n.negated }
      }
      case 'in': {
        const f = filterable(field(n.field))
        if (n.values.some((v) => v.value === null)) throw unsupported(`null cannot appear in an 'in' list; compare with eq null instead.`)
        return { kind: 'in', field: f, values: n.values.map((v) => coerce(f, v)) }
      }
      case 'related': {
        if (entities === undefined) throw unsupported('a filter on a related entity is not allowed here.')
        const relationship = entity.relationships.get(n.relationship)
        if (relationship === undefined) throw new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: n.relationship, place })
        const target = entities.get(relationship.target)
        invariant(target !== undefined, 'relationship targets are resolved at start-up')
        return { kind: 'related', relationship, target, filter: bindFilter(n.filter, target, place, entities), policy: undefined, authorized: false }
      }
    }
  }

  const bindComparison = (op: ComparisonOperator, left: FilterOperand, right: FilterOperand): BoundFilter => {
    invariant(left.kind !== 'claim' && right.kind !== 'claim', 'claims are bound before filter binding')
    if (left.kind === 'literal' && right.kind === 'field') return bindComparison(FLIPPED[op], right, left)
    if (left.kind === 'literal' && right.kind === 'literal') {
      // `1 ne 1` is valid OData (Data API builder answers it): the statement gets a constant.
      const value = compareLiterals(op, left, right)
      if (value === undefined) throw unsupported(`${formatLiteral(left)} cannot be compared with ${formatLiteral(right)}.`)
      return { kind: 'constant', value }
    }
    invariant(left.kind === 'field', 'operand kinds are field, literal or claim')
    const f = field(left.name)
    if (right.kind === 'field') {
      const g = field(right.name)
      if (!comparable(filterable(f).type, filterable(g).type)) throw unsupported(`'${f.name}' (${f.dbType}) cannot be compared with '${g.name}' (${g.dbType}).`)
      if (op !== 'eq' && op !== 'ne') orderable(f)
      return { kind: 'compareFields', left: f, op, right: g }
    }
    invariant(right.kind === 'literal', 'operand kinds are field, literal or claim')
    if (right.value === null) {
      if (op === 'eq' || op === 'ne') return { kind: 'isNull', field: f, negated: op === 'ne' }
      throw unsupported(`null can only be compared with eq or ne (field '${f.name}').`)
    }
    filterable(f)
    if (op !== 'eq' && op !== 'ne') orderable(f)
    return { kind: 'compare', field: f, op, value: coerce(f, right) }
  }

  const orderable = (f: FieldModel): void => {
    if (!isOrderedType(f.type)) throw unsupported(`field '${f.name}' (${f.dbType}) supports only eq and ne.`)
  }

  return bind(node)
}

function comparable(a: ScalarType, b: ScalarType): boolean {
  return category(a) === category(b)
}

function category(t: ScalarType): string {
  switch (t) {
    case 'byte': case 'short': case 'int': case 'long': case 'single': case 'float': case 'decimal':
      return 'number'
    case 'date': case 'datetime': case 'datetimeoffset':
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
