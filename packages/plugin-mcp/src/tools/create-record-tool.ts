import { invariant, type RequestContext } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from '../mcp-tool.js'
import { MCP_TERMS } from '../mcp-terms.js'
import { requiredObject, requiredString, type ToolArguments } from '../read-arguments.js'
import { resolveToolEntity } from '../resolve-tool-entity.js'
import { RawJson, successResult, type ToolResult } from '../tool-result.js'

/**
 * `create_record`: REST's POST — the same body checks, field access and create policy. The result carries the new
 * record as the role may read it (`value` is empty without read access, as in REST).
 */
export function createRecordTool(host: ToolHost): McpTool {
  return {
    name: 'create_record',
    description:
      'Creates one record in an entity (table or view) you have CREATE permission on. Call describe_entities first ' +
      'to learn the fields; data holds field name → value (omit fields the database generates).',
    inputSchema: {
      type: 'object',
      properties: {
        entity: { type: 'string', description: 'Entity name with CREATE permission.' },
        data: { type: 'object', description: 'Field values of the new record, by field name.' },
      },
      required: ['entity', 'data'],
    },
    async call(args: ToolArguments, context: RequestContext): Promise<ToolResult> {
      const entity = resolveToolEntity(host.model, requiredString(args, 'entity'), 'records')
      const data = requiredObject(args, 'data')
      const result = await host.pipeline.run(
        { operation: 'create', entity: entity.name, body: data, terms: MCP_TERMS },
        context,
      )
      invariant(result.kind === 'write', 'a write returns a write result')
      return successResult({
        entity: entity.name,
        result: { value: new RawJson(result.json) },
        message: `Successfully created a record in entity '${entity.name}'.`,
      })
    },
  }
}
