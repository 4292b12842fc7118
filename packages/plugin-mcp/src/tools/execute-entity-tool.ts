import type { RequestContext } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { optionalObject, requiredString, type ToolArguments } from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { runProcedure } from '../run-procedure.js'
import type { ToolResult } from '../tool-result.js'

/**
 * `execute_entity`: runs a stored-procedure entity the role may `execute`, with `parameters` by name. Unknown or
 * missing required parameters and bad values are REST's 400s; config defaults fill omitted parameters.
 */
export function executeEntityTool(host: ToolHost): McpTool {
  return {
    name: 'execute_entity',
    description:
      'Executes a stored-procedure entity you have EXECUTE permission on. Call describe_entities first to learn ' +
      'its parameters (name, required, default, description), then pass them by name in parameters.',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Stored-procedure entity name with EXECUTE permission.' },
        parameters: {
          type: 'object',
          description: 'Parameter name → value; omitted parameters take their configured defaults.',
        },
      },
      required: ['entity'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'procedure')
      return runProcedure(host.pipeline, entity, optionalObject(args, 'parameters') ?? {}, context)
    },
  }
}
