import type { Readable, Writable } from 'node:stream'
import {
  ANONYMOUS_PRINCIPAL,
  type Logger,
  type Principal,
  type RequestContext,
  type RuntimeConfig,
} from '@sluice/core/protocol'
import { buildTools } from './build-tools.js'
import type { ToolHost } from './mcp-tool.js'

export interface McpStdioOptions {
  readonly config: RuntimeConfig
  readonly log: Logger
  /**
   * The booted model and pipeline, or the promise of them: with a promise, `initialize` is answered at once and tool
   * requests wait until the database has been introspected (an agent host's connect timeout does not wait for it).
   */
  readonly host: ToolHost | Promise<ToolHost>
  /** The role every call acts as (`anonymous` when omitted), like Data API builder's `--mcp-stdio role:NAME`. */
  readonly role?: string | undefined
  /** Defaults to the process's stdin and stdout; nothing else may write to the output stream. */
  readonly input?: Readable
  readonly output?: Writable
}

export interface McpStdioSession {
  /** Resolves when the client closes its end (stdin ends) or `close` is called. */
  readonly closed: Promise<void>
  close(): Promise<void>
}

/**
 * MCP over stdin/stdout for a local agent that launched this process. There is no HTTP request to authenticate, so
 * every call acts as the configured role (as Data API builder's Simulator does for `--mcp-stdio`): `anonymous` is the
 * anonymous caller, any other role an authenticated caller holding exactly that role.
 */
export async function serveMcpStdio(options: McpStdioOptions): Promise<McpStdioSession> {
  const role = (options.role ?? 'anonymous').trim().toLowerCase() || 'anonymous'
  const principal = stdioPrincipal(role)
  const mode = options.config.runtime.host.mode
  let calls = 0
  const contextFor = (): RequestContext => ({
    requestId: `mcp-stdio-${++calls}`,
    principal,
    role,
    mode,
    log: options.log,
    signal: undefined,
  })
  const tools = Promise.resolve(options.host).then(buildTools)
  // A failed boot is reported by whoever awaits the boot itself; tool requests then answer with the error.
  tools.catch(() => undefined)
  // Loaded here rather than at import, so CLI commands that serve nothing skip the SDK.
  const [{ StdioServerTransport }, { createMcpServer }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('./create-mcp-server.js'),
  ])
  const server = createMcpServer(tools, options.config, options.log, contextFor)
  const transport = new StdioServerTransport(options.input, options.output)
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve
  })
  ;(options.input ?? process.stdin).once('end', () => {
    void server.close()
  })
  await server.connect(transport)
  return { closed, close: () => server.close() }
}

function stdioPrincipal(role: string): Principal {
  if (role === 'anonymous') return ANONYMOUS_PRINCIPAL
  const roles = role === 'authenticated' ? [] : [role]
  return Object.freeze({ authenticated: true, roles: Object.freeze(roles), claims: Object.freeze({ roles }) })
}
