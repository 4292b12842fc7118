import type { AuthorizedRequest } from '../request/authorized-request.js'
import type { ExecuteRequest } from '../request/parsed-request.js'
import { invariant } from '../util/invariant.js'
import type { ExecuteArgument, ExecutePlan } from './execute-plan.js'
import { ParameterList } from './parameter-list.js'
import { outputColumnsOf, structureId } from './plan-structure.js'

const R = 'r'

const resultColumnLists = new WeakMap<object, readonly string[]>()

/**
 * The call plan for an authorized `execute` request: the bound parameters as named arguments in declaration order, and
 * the result columns the `execute` permission allows (all of them when the engine cannot describe the result).
 */
export function buildExecutePlan(request: AuthorizedRequest<ExecuteRequest>): ExecutePlan {
  const { entity, parameters } = request.parsed
  const procedure = entity.procedure
  invariant(procedure !== undefined, 'an execute request is bound to a procedure')
  const params = new ParameterList()
  const args: ExecuteArgument[] = parameters.map(({ parameter, value }) => ({
    name: parameter.name,
    dbType: parameter.dbType,
    value: params.add(value, parameter.type),
  }))
  const described = procedure.resultFields
  const columns = described === undefined ? undefined : outputColumnsOf(R, request.fields)
  let resultColumns: readonly string[] | undefined
  if (described !== undefined) {
    resultColumns = resultColumnLists.get(described)
    if (resultColumns === undefined) {
      resultColumns = Object.freeze(described.map((f) => f.column))
      resultColumnLists.set(described, resultColumns)
    }
  }
  // Which parameters are passed (their names) and which columns are returned decide the SQL; values never do.
  const shapeKey = `execute|${structureId(procedure)}|${args.map((a) => a.name).join(',')}|${columns === undefined ? '*' : structureId(columns)}`
  return {
    kind: 'execute',
    shapeKey,
    dataSource: entity.dataSource,
    entity,
    procedure: entity.source,
    routine: procedure.routine,
    arguments: args,
    outputParameters: procedure.outputParameters,
    alias: R,
    resultColumns,
    columns,
    parameters: params.toArray(),
  }
}
