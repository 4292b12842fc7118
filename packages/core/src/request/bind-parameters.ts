import { describeValue } from '../util/describe-value.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { ParameterModel, ProcedureModel } from '../model/procedure-model.js'
import type { EntityModel, ServiceModel } from '../model/service-model.js'
import { invariant } from '../util/invariant.js'
import { coerceValue, type CoercionResult } from './coerce-value.js'

/** A parameter value to pass, coerced to the parameter's type (`null` passes SQL NULL). */
export interface BoundParameter {
  readonly parameter: ParameterModel
  readonly value: unknown
}

/**
 * Binds a procedure call's parameters (name → value as the protocol received it) to the routine's declared
 * parameters, in declaration order. Unknown names are refused first, then missing required parameters (SPEC open
 * point 3: 400, with Data API builder's message); each value is coerced to the parameter's type; an omitted
 * parameter gets its config default, or is left out so the database applies its own default.
 */
export function bindParameters(
  entity: EntityModel,
  raw: Readonly<Record<string, unknown>> | undefined,
): readonly BoundParameter[] {
  const procedure = entity.procedure
  invariant(procedure !== undefined, `entity ${entity.name} is a stored procedure with a procedure model`)
  const given = raw ?? {}
  const unknown = Object.keys(given).filter((name) => !procedure.parametersByName.has(name))
  if (unknown.length > 0)
    throw new SluiceError('SLUICE_ERR_UNKNOWN_PARAMETER', { names: unknown.join(', '), entity: entity.name })

  const bound: BoundParameter[] = []
  const missing: string[] = []
  for (const parameter of procedure.parameters) {
    const value = Object.hasOwn(given, parameter.name) ? given[parameter.name] : undefined
    if (value !== undefined) {
      bound.push({ parameter, value: bindValue(entity, parameter, value) })
    } else if (parameter.required) {
      missing.push(parameter.name)
    } else if (parameter.default !== undefined) {
      bound.push({ parameter, value: defaultOf(parameter) })
    }
    // Otherwise the database has a default for it: the call leaves the parameter out.
  }
  if (missing.length > 0)
    throw new SluiceError('SLUICE_ERR_MISSING_PARAMETER', { names: missing.join(', '), entity: entity.name })
  return bound
}

function bindValue(entity: EntityModel, parameter: ParameterModel, value: unknown): unknown {
  if (value === null) return null
  const r = coerceParameter(parameter, value)
  if (!r.ok) {
    throw new SluiceError('SLUICE_ERR_INVALID_PARAMETER', {
      value: describeValue(value),
      name: parameter.name,
      entity: entity.name,
      expected: r.expected,
    })
  }
  return r.value
}

/**
 * Coercion for parameters: as for columns, except that a parameter of a type Sluice has no scalar for (a custom or
 * engine-specific type) takes text, which the database converts to the declared type, and an array parameter takes
 * a JSON array.
 */
function coerceParameter(parameter: ParameterModel, value: unknown): CoercionResult {
  if (parameter.type === 'unknown') {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? { ok: true, value: String(value) }
      : { ok: false, expected: `text the database can convert to ${parameter.dbType}` }
  }
  if (parameter.type === 'array')
    return Array.isArray(value) ? { ok: true, value } : { ok: false, expected: 'an array' }
  return coerceValue(parameter.type, value, 'any')
}

const defaults = new WeakMap<ParameterModel, unknown>()

/** A config default, coerced once (start-up checked that it fits: see {@link findParameterDefaultProblems}). */
function defaultOf(parameter: ParameterModel): unknown {
  if (defaults.has(parameter)) return defaults.get(parameter)
  const r =
    parameter.default === null ? { ok: true as const, value: null } : coerceParameter(parameter, parameter.default)
  invariant(r.ok, `default of parameter ${parameter.name} was checked at start-up`)
  defaults.set(parameter, r.value)
  return r.value
}

/**
 * Config defaults that do not fit their parameter's type, one message per problem, for the start-up report (the
 * model layer cannot coerce values, so boot asks here).
 */
export function findParameterDefaultProblems(model: ServiceModel): string[] {
  const problems: string[] = []
  for (const entity of model.entities.values()) {
    const procedure: ProcedureModel | undefined = entity.procedure
    if (procedure === undefined) continue
    for (const parameter of procedure.parameters) {
      if (parameter.default === undefined || parameter.default === null) continue
      const r = coerceParameter(parameter, parameter.default)
      if (!r.ok) {
        problems.push(
          `entities.${entity.name}: source.parameters: default ${JSON.stringify(parameter.default)} does not fit parameter ` +
            `'${parameter.name}' (${parameter.dbType}): expected ${r.expected}.`,
        )
      }
    }
  }
  return problems
}
