import { invariant, type EntityModel, type Pipeline, type RequestContext } from '@sluice/core/protocol'
import { MCP_TERMS } from './mcp-terms.js'
import { RawJson, successResult, type ToolResult } from './tool-result.js'

/**
 * Runs a stored procedure through the pipeline (execute permission, parameter binding and coercion in core), shared
 * by `execute_entity` and the per-procedure custom tools. The result echoes the parameters the call used — the ones
 * sent plus config defaults for those omitted — and the rows of the first result set.
 */
export async function runProcedure(
  pipeline: Pipeline,
  entity: EntityModel,
  parameters: Readonly<Record<string, unknown>>,
  context: RequestContext,
): Promise<ToolResult> {
  const result = await pipeline.run(
    { operation: 'execute', entity: entity.name, parameters, terms: MCP_TERMS },
    context,
  )
  invariant(result.kind === 'read', 'an execute returns a read result')
  const used: Record<string, unknown> = {}
  for (const parameter of entity.procedure?.parameters ?? []) {
    if (Object.hasOwn(parameters, parameter.name)) used[parameter.name] = parameters[parameter.name]
    else if (parameter.default !== undefined) used[parameter.name] = parameter.default
  }
  for (const [name, value] of Object.entries(parameters)) if (!Object.hasOwn(used, name)) used[name] = value
  return successResult({
    entity: entity.name,
    message: `Successfully executed stored procedure '${entity.name}'.`,
    parameters: used,
    value: new RawJson(result.json),
  })
}
