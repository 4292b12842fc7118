import { SluiceError } from '../errors/sluice-error.js'
import type { ActionPermission, EntityModel } from '../model/service-model.js'
import type { BoundFilter } from './bound-filter.js'
import { bindFilter } from './bind-filter.js'
import { Filter, type FilterNode, type FilterOperand, type LiteralOperand } from '../filter/filter-node.js'
import type { Principal } from './request-context.js'

/**
 * Binds a permission's database policy for one caller (`undefined` when it has none): every `@claims.<name>` becomes
 * the caller's claim value (the first value of a multi-valued claim), always as a parameter, never as SQL text. A
 * claim the caller lacks, or a claim value that cannot be compared with its field, denies the request (403), as Data
 * API builder does. So does a policy start-up could not parse (`policyProblem`): the permission fails closed.
 */
export function bindPolicy(
  permission: ActionPermission,
  principal: Principal,
  entity: EntityModel,
): BoundFilter | undefined {
  if (permission.policyProblem !== undefined) {
    throw new SluiceError(
      'SLUICE_ERR_FORBIDDEN',
      {},
      { devDetail: `The database policy of this action cannot be used: ${permission.policyProblem}` },
    )
  }
  if (permission.policy === undefined) return undefined
  const substituted = substituteClaims(permission.policy, principal.claims)
  try {
    return bindFilter(substituted, entity, 'policy')
  } catch (error) {
    throw new SluiceError('SLUICE_ERR_FORBIDDEN', {}, { cause: error })
  }
}

function substituteClaims(node: FilterNode, claims: Readonly<Record<string, unknown>>): FilterNode {
  const operand = (o: FilterOperand): FilterOperand => {
    if (o.kind === 'claim') return claimLiteral(o.name, claims)
    return o.kind === 'caseFold' && o.operand.kind === 'claim'
      ? Filter.caseFold(o.fold, claimLiteral(o.operand.name, claims))
      : o
  }
  switch (node.kind) {
    case 'comparison':
      return Filter.comparison(node.op, operand(node.left), operand(node.right))
    case 'and':
    case 'or':
      return node.kind === 'and'
        ? Filter.and(node.items.map((n) => substituteClaims(n, claims)))
        : Filter.or(node.items.map((n) => substituteClaims(n, claims)))
    case 'not':
      return Filter.not(substituteClaims(node.item, claims))
    case 'stringMatch':
      return node.value.kind === 'claim'
        ? Filter.stringMatch(node.mode, node.field, claimLiteral(node.value.name, claims), node.negated, node)
        : node
    default:
      return node
  }
}

function claimLiteral(name: string, claims: Readonly<Record<string, unknown>>): LiteralOperand {
  if (!Object.hasOwn(claims, name)) throw new SluiceError('SLUICE_ERR_MISSING_CLAIM', { claim: name })
  let value = claims[name]
  if (Array.isArray(value)) value = value[0]
  if (value === null) return Filter.literal(null, 'null')
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return Filter.literal(value, 'any')
  throw new SluiceError(
    'SLUICE_ERR_FORBIDDEN',
    {},
    { devDetail: `claim '${name}' holds a value that cannot be compared.` },
  )
}
