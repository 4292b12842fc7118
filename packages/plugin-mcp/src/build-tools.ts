import { SluiceError, type McpToolName } from '@sluice/core/protocol'
import type { McpTool, ToolHost } from './mcp-tool.js'
import { aggregateRecordsTool } from './tools/aggregate-records-tool.js'
import { createRecordTool } from './tools/create-record-tool.js'
import { deleteRecordTool } from './tools/delete-record-tool.js'
import { describeEntitiesTool } from './tools/describe-entities-tool.js'
import { executeEntityTool } from './tools/execute-entity-tool.js'
import { procedureTool } from './tools/procedure-tool.js'
import { readRecordsTool } from './tools/read-records-tool.js'
import { updateRecordTool } from './tools/update-record-tool.js'

/** The tools of one server, built once at start-up: the enabled ones by name, and the names of the disabled ones. */
export interface ToolSet {
  readonly tools: ReadonlyMap<string, McpTool>
  /** Built-in tools `runtime.mcp.dml-tools` switches off: calling one is a `ToolDisabled` error, not an unknown tool. */
  readonly disabled: ReadonlySet<string>
  /** The `tools/list` answer, built once. */
  readonly listing: readonly {
    readonly name: string
    readonly description: string
    readonly inputSchema: McpTool['inputSchema']
  }[]
}

const BUILT_IN: readonly (readonly [McpToolName, (host: ToolHost) => McpTool])[] = [
  ['describe-entities', describeEntitiesTool],
  ['read-records', readRecordsTool],
  ['create-record', createRecordTool],
  ['update-record', updateRecordTool],
  ['delete-record', deleteRecordTool],
  ['execute-entity', executeEntityTool],
  ['aggregate-records', aggregateRecordsTool],
]

/**
 * Builds every built-in tool `runtime.mcp.dml-tools` enables, then one custom tool per stored procedure with
 * `mcp.custom-tool: true`. A custom tool whose name clashes with another tool stops the start with a clear error.
 */
export function buildTools(host: ToolHost): ToolSet {
  const tools = new Map<string, McpTool>()
  const disabled = new Set<string>()
  for (const [key, create] of BUILT_IN) {
    const name = key.replaceAll('-', '_')
    if (host.config.runtime.mcp.dmlTools[key].enabled) tools.set(name, create(host))
    else disabled.add(name)
  }
  for (const entity of host.model.entities.values()) {
    if (entity.kind !== 'stored-procedure' || !entity.config.mcp.customTool) continue
    const tool = procedureTool(host, entity)
    if (tools.has(tool.name) || disabled.has(tool.name) || tool.name === '') {
      const detail = `the custom tool of stored procedure ${entity.name} would be named '${tool.name}', which another MCP tool already uses; rename the entity`
      throw new SluiceError('SLUICE_ERR_PLUGIN', { plugin: '@sluice/plugin-mcp', detail })
    }
    tools.set(tool.name, tool)
  }
  const listing = [...tools.values()].map((t) =>
    Object.freeze({ name: t.name, description: t.description, inputSchema: t.inputSchema }),
  )
  return { tools, disabled, listing: Object.freeze(listing) }
}
