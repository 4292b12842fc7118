import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

export interface StdioClient {
  client: Client
  /** The server's stderr so far, and any transport error (a non-JSON-RPC line on stdout surfaces as one). */
  stderr: () => string
}

/**
 * `sluice start --config <config> --mcp-stdio [role:NAME]` as a real process, run where the user is (`cwd`, pnpm's
 * INIT_CWD), driven by the MCP SDK's stdio client; resolves once the server answers `tools/list`.
 */
export async function spawnStdioClient(config: string, cwd: string, role?: string): Promise<StdioClient> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      '--conditions=@sluice/source',
      '--import',
      'tsx',
      CLI,
      'start',
      '--config',
      config,
      '--mcp-stdio',
      ...(role === undefined ? [] : [`role:${role}`]),
    ],
    cwd: ROOT,
    env: { ...process.env, INIT_CWD: cwd } as Record<string, string>,
    stderr: 'pipe',
  })
  let stderr = ''
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString()
  })
  const client = new Client({ name: 'sluice-stdio-test', version: '1.0.0' })
  const errors: unknown[] = []
  client.onerror = (error) => {
    errors.push(error)
  }
  try {
    // initialize is answered at once; tool requests wait for the boot (PGlite seeding the sample), which can be slow
    // on a busy machine: wait for it here, beyond the SDK's 60 s default, so the tests themselves do not.
    await client.connect(transport, { timeout: 280_000 })
    await client.listTools(undefined, { timeout: 280_000 })
  } catch (error) {
    throw new Error(`the stdio server did not start: ${String(error)}\n${stderr}`)
  }
  return {
    client,
    stderr: () => (errors.length === 0 ? stderr : `${stderr}\ntransport errors: ${errors.map(String).join('; ')}`),
  }
}
