import type { Logger, Pipeline, RequestContext, RuntimeConfig, ServiceModel } from '@sluice/core/protocol'
import type { ToolArguments } from './read-arguments.js'
import type { ToolResult } from './tool-result.js'

/** JSON Schema of a tool's arguments, as `tools/list` publishes it. */
export interface ToolInputSchema {
  readonly type: 'object'
  readonly properties: Readonly<Record<string, unknown>>
  readonly required?: readonly string[]
  readonly [key: string]: unknown
}

/**
 * One MCP tool: its published name, description and argument schema, and the call that runs it for the caller in
 * `context`. Tools build `OperationRequest`s and run them through core's pipeline, never SQL. A call throws
 * `McpToolError` or `SluiceError`; the dispatcher turns either into an error result.
 */
export interface McpTool {
  readonly name: string
  readonly description: string
  readonly inputSchema: ToolInputSchema
  call(args: ToolArguments, context: RequestContext): Promise<ToolResult>
}

/** What tools are built from: the frozen model and config, the pipeline, the logger. */
export interface ToolHost {
  readonly model: ServiceModel
  readonly config: RuntimeConfig
  readonly pipeline: Pipeline
  readonly log: Logger
}
