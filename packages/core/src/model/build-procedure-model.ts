import type { EntityConfig } from '../config/runtime-config.js'
import { didYouMean } from '../util/did-you-mean.js'
import { formatQualifiedName, type ObjectMetadata } from './database-metadata.js'
import type { ParameterModel, ProcedureModel } from './procedure-model.js'
import type { FieldModel } from './service-model.js'

/**
 * Joins a stored-procedure entity's config `source.parameters` with the parameters the database declares, once at
 * start-up. Every config parameter must name an input parameter of the routine (whether its default fits the
 * parameter's type is checked by `findParameterDefaultProblems`, where value coercion lives); a parameter is required when config says so or when neither config nor the database gives it a
 * default (as Data API builder: a parameter without a default cannot be left out). Row policies cannot apply to a
 * procedure's result, and field restrictions need result columns the engine can describe.
 */
export function buildProcedureModel(
  entity: EntityConfig,
  object: ObjectMetadata,
  fields: readonly FieldModel[],
  report: (message: string) => void,
): ProcedureModel | undefined {
  const routine = object.routine
  if (routine?.problem !== undefined) {
    report(routine.problem)
    return undefined
  }
  const inputs = object.parameters.filter((p) => p.mode !== 'out')
  const byName = new Map(inputs.map((p) => [p.name, p]))
  let ok = true
  const seen = new Set<string>()
  entity.source.parameters.forEach((config, i) => {
    const where = `source.parameters[${i}]`
    if (seen.has(config.name)) {
      report(`${where}: parameter '${config.name}' is listed twice.`)
      ok = false
    }
    seen.add(config.name)
    const declared = byName.get(config.name)
    if (declared === undefined) {
      const names = inputs.length === 0 ? 'it takes none' : `its parameters: ${inputs.map((p) => p.name).join(', ')}`
      report(
        `${where}: '${config.name}' is not a parameter of ${formatQualifiedName(object.name)} (${names}).${didYouMean(config.name, byName.keys())}`,
      )
      ok = false
    }
  })
  entity.permissions.forEach((permission, p) =>
    permission.actions.forEach((action, a) => {
      if (action.policy !== undefined) {
        report(
          `permissions[${p}].actions[${a}].policy.database: row policies are not supported for stored procedures (there are no rows to filter before the call).`,
        )
        ok = false
      }
    }),
  )
  const resultDescribed = routine?.resultDescribed ?? object.columns.length > 0
  if (!resultDescribed && entity.permissions.some((p) => p.actions.some((a) => a.fields !== undefined))) {
    report(
      `field restrictions need the procedure's result columns, which this database engine cannot describe before running it.`,
    )
    ok = false
  }
  if (!ok) return undefined

  const configured = new Map(entity.source.parameters.map((c) => [c.name, c]))
  const parameters: ParameterModel[] = inputs.map((declared) => {
    const config = configured.get(declared.name)
    const configDefault = config?.default
    return {
      name: declared.name,
      type: declared.type,
      dbType: declared.dbType,
      required: config?.required === true || (configDefault === undefined && !declared.hasDefault),
      default: configDefault,
      hasDatabaseDefault: declared.hasDefault,
      description: config?.description,
    }
  })
  return {
    parameters,
    parametersByName: new Map(parameters.map((p) => [p.name, p])),
    resultFields: resultDescribed ? fields : undefined,
    routine: routine?.type ?? 'procedure',
    outputParameters: object.parameters.filter((p) => p.mode === 'out').map((p) => p.name),
  }
}
