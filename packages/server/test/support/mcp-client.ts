import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, expect } from 'vitest'
import type { SluiceServer } from '../../src/index.js'
import { startLibraryServer, type LibraryConfigOverrides } from './library-test-server.js'

/** What a tool call returned: the parsed JSON of its one text block, and whether it is an error result. */
export interface ToolOutcome {
  readonly isError: boolean
  readonly body: any
}

/** Calls a tool and parses its single text block (every Sluice tool answers with one block of JSON). */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<ToolOutcome> {
  const result = await client.callTool({ name, arguments: args })
  const content = result.content as { type: string; text: string }[]
  expect(content).toHaveLength(1)
  expect(content[0]!.type).toBe('text')
  return { isError: result.isError === true, body: JSON.parse(content[0]!.text) }
}

/** Calls a tool that must succeed and returns its parsed body. */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const outcome = await callTool(client, name, args)
  expect(outcome.isError, JSON.stringify(outcome.body)).toBe(false)
  expect(outcome.body.status).toBe('success')
  return outcome.body
}

/** Calls a tool that must fail and returns the `error` object of its result. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const outcome = await callTool(client, name, args)
  expect(outcome.isError, JSON.stringify(outcome.body)).toBe(true)
  expect(outcome.body).toMatchObject({ toolName: name, status: 'error' })
  return outcome.body.error
}

export interface McpTestServer {
  readonly server: SluiceServer
  /** `http://127.0.0.1:PORT` of the listening server. */
  readonly address: string
  /** A connected SDK client over Streamable HTTP, sending `headers` (e.g. X-MS-API-ROLE) on every request. */
  connect(headers?: Record<string, string>, path?: string): Promise<Client>
}

/** A library server listening on a real socket for one test file, and SDK clients for it (closed after the file). */
export function useMcpServer(overrides: LibraryConfigOverrides = {}): McpTestServer {
  let server: SluiceServer | undefined
  let address = ''
  const clients: Client[] = []
  beforeAll(async () => {
    server = await startLibraryServer(overrides)
    address = await server.listen(0, '127.0.0.1')
  })
  afterAll(async () => {
    for (const client of clients) await client.close()
    await server?.close()
  })
  return {
    get server() {
      return server!
    },
    get address() {
      return address
    },
    async connect(headers = {}, path = '/mcp') {
      const client = new Client({ name: 'sluice-test', version: '1.0.0' })
      await client.connect(new StreamableHTTPClientTransport(new URL(path, address), { requestInit: { headers } }))
      clients.push(client)
      return client
    },
  }
}
