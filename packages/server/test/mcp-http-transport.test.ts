import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer, type LibraryConfigOverrides } from './support/library-test-server.js'
import { jwtRuntime, token } from './support/jwt-helpers.js'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// The Streamable HTTP endpoint itself: the allowed-hosts (DNS rebinding) guard, the stateless transport's answers to
// GET/DELETE, runtime.mcp.enabled/path, the dml-tools switches and authentication shared with REST.
interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: any
}

const BUILT_IN = [
  'describe_entities',
  'read_records',
  'create_record',
  'update_record',
  'delete_record',
  'execute_entity',
  'aggregate_records',
]

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
})

/** One raw HTTP request (the SDK client cannot forge Host or Origin headers). */
function send(
  address: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const url = new URL(address)
  const headers = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...options.headers,
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path, method: options.method ?? 'POST', headers },
      (res) => {
        let text = ''
        res.on('data', (d: Buffer) => {
          text += d.toString()
        })
        res.on('end', () => {
          let body: unknown
          try {
            body = text === '' ? undefined : JSON.parse(text)
          } catch {
            body = text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        })
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Like `send`, but keeps the body as bytes (for encoded responses). */
function sendBytes(
  address: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer }> {
  const url = new URL(address)
  const headers = {
    accept: 'application/json, text/event-stream',
    'content-type': 'application/json',
    ...options.headers,
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

function useRawServer(overrides: LibraryConfigOverrides): { address: () => string } {
  let server: SluiceServer | undefined
  let address = ''
  beforeAll(async () => {
    server = await startLibraryServer(overrides)
    address = await server.listen(0, '127.0.0.1')
  })
  afterAll(async () => {
    await server?.close()
  })
  return { address: () => address }
}

describe('MCP Streamable HTTP endpoint', () => {
  // One server for most checks (each library server seeds its own PGlite, which takes seconds).
  describe('with allowed-hosts, a custom path and dml-tools switches', () => {
    const mcp = useMcpServer({
      runtime: {
        mcp: {
          path: '/agents',
          'allowed-hosts': ['api.example.com'],
          'dml-tools': { 'create-record': false, 'delete-record': { enabled: false } },
        },
      },
      entities: { Loan: { mcp: { 'dml-tools': false } } },
    })

    describe('allowed-hosts guard (DNS rebinding)', () => {
      it('lets loopback hosts and configured hosts in', async () => {
        for (const host of ['localhost:5000', '127.0.0.1', '[::1]:80', 'API.example.com:443']) {
          const response = await send(mcp.address, '/agents', { headers: { host }, body: INITIALIZE })
          expect(response.status, host).toBe(200)
          expect(response.body.result.serverInfo.name).toBe('SQL MCP Server')
        }
        const origin = await send(mcp.address, '/agents', {
          headers: { origin: 'https://api.example.com' },
          body: INITIALIZE,
        })
        expect(origin.status).toBe(200)
      })

      it("refuses another Host or Origin with 403 and Data API builder's JSON", async () => {
        const host = await send(mcp.address, '/agents', { headers: { host: 'attacker.example' }, body: INITIALIZE })
        expect(host.status).toBe(403)
        expect(host.body.error).toBe('Forbidden')
        expect(host.body.message).toMatch(/Host header is not in the list of trusted hosts/)
        const origin = await send(mcp.address, '/agents', {
          headers: { origin: 'http://attacker.example' },
          body: INITIALIZE,
        })
        expect(origin.status).toBe(403)
        expect(origin.body.message).toMatch(/Origin header is not in the list of trusted hosts/)
        expect((await send(mcp.address, '/agents', { headers: { origin: 'null' }, body: INITIALIZE })).status).toBe(403)
      })

      it('does not guard REST', async () => {
        expect(
          (await send(mcp.address, '/api/Publisher', { method: 'GET', headers: { host: 'attacker.example' } })).status,
        ).toBe(200)
      })
    })

    describe('stateless transport at runtime.mcp.path', () => {
      it('serves MCP at the configured path only', async () => {
        const client = await mcp.connect({}, '/agents')
        expect((await client.listTools()).tools.length).toBeGreaterThan(0)
        expect((await send(mcp.address, '/mcp', { body: INITIALIZE })).status).toBe(404)
      })

      it('answers POST with one JSON body and no session id', async () => {
        const response = await send(mcp.address, '/agents', { body: INITIALIZE })
        expect(response.status).toBe(200)
        expect(String(response.headers['content-type'])).toMatch(/^application\/json/)
        expect(response.headers['mcp-session-id']).toBeUndefined()
        expect(response.body.result.protocolVersion).toBe('2025-11-25')
      })

      it('GET and DELETE are 405 with Allow: POST', async () => {
        for (const method of ['GET', 'DELETE']) {
          const response = await send(mcp.address, '/agents', { method, headers: { accept: 'text/event-stream' } })
          expect(response.status, method).toBe(405)
          expect(response.headers['allow']).toBe('POST')
        }
      })

      it("bad JSON-RPC gets the transport's JSON-RPC errors, not a 500", async () => {
        const parse = await send(mcp.address, '/agents', { body: '{nope' })
        expect(parse.status).toBe(400)
        expect(parse.body.error.code).toBe(-32700)
        const accept = await send(mcp.address, '/agents', { headers: { accept: 'application/json' }, body: INITIALIZE })
        expect(accept.status).toBe(406)
      })

      it("large answers are compressed like every protocol's (runtime.compression)", async () => {
        const call = JSON.stringify({
          jsonrpc: '2.0',
          id: 8,
          method: 'tools/call',
          params: { name: 'describe_entities', arguments: {} },
        })
        const response = await sendBytes(mcp.address, '/agents', {
          headers: { 'mcp-protocol-version': '2025-11-25', 'accept-encoding': 'gzip' },
          body: call,
        })
        expect(response.status).toBe(200)
        expect(response.headers['content-encoding']).toBe('gzip')
        const body = JSON.parse(gunzipSync(response.bytes).toString('utf8'))
        expect(JSON.parse(body.result.content[0].text).status).toBe('success')
      })

      it('a tool call needs no prior initialize on the same connection', async () => {
        const call = JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: 'read_records', arguments: { entity: 'Publisher', first: 1 } },
        })
        const response = await send(mcp.address, '/agents', {
          headers: { 'mcp-protocol-version': '2025-11-25' },
          body: call,
        })
        expect(response.status).toBe(200)
        const result = JSON.parse(response.body.result.content[0].text)
        expect(result).toMatchObject({ entity: 'Publisher', status: 'success' })
        expect(result.result.value).toHaveLength(1)
      })
    })

    describe('runtime.mcp.dml-tools and entity mcp settings', () => {
      it('lists only enabled tools; a disabled one answers ToolDisabled', async () => {
        const client = await mcp.connect({ 'X-MS-API-ROLE': 'authenticated' }, '/agents')
        const names = (await client.listTools()).tools.map((t) => t.name)
        expect(names).toContain('read_records')
        expect(names).not.toContain('create_record')
        expect(names).not.toContain('delete_record')
        const error = await callError(client, 'create_record', { entity: 'Publisher', data: { name: 'X' } })
        expect(error).toEqual({
          type: 'ToolDisabled',
          message: 'The create_record tool is disabled in the configuration.',
        })
      })

      it('an entity with mcp.dml-tools false is hidden from describe_entities and refused by the tools', async () => {
        const client = await mcp.connect({ 'X-MS-API-ROLE': 'authenticated' }, '/agents')
        const described = await callOk(client, 'describe_entities')
        expect(described.entities.map((e: any) => e.name)).not.toContain('Loan')
        expect((await callError(client, 'read_records', { entity: 'Loan' })).type).toBe('ToolDisabled')
      })
    })
  })

  describe('allowed-hosts "*" and dml-tools: false', () => {
    const mcp = useMcpServer({ runtime: { mcp: { 'allowed-hosts': ['*'], 'dml-tools': false } } })

    it('"*" turns the host guard off', async () => {
      const response = await send(mcp.address, '/mcp', {
        headers: { host: 'anything.example', origin: 'http://x.example' },
        body: INITIALIZE,
      })
      expect(response.status).toBe(200)
    })

    it('dml-tools: false turns every built-in tool off', async () => {
      const client = await mcp.connect()
      const names = (await client.listTools()).tools.map((t) => t.name)
      expect(names.filter((n) => BUILT_IN.includes(n))).toEqual([])
    })
  })

  describe('runtime.mcp.enabled: false', () => {
    const mcp = useRawServer({ runtime: { mcp: { enabled: false } } })
    it('has no MCP endpoint', async () => {
      expect((await send(mcp.address(), '/mcp', { body: INITIALIZE })).status).toBe(404)
    })
  })

  describe('authentication shared with REST (JWT, production)', () => {
    const mcp = useMcpServer({ runtime: jwtRuntime('production') })

    it('a valid bearer token makes the caller authenticated; without one it is anonymous', async () => {
      const signedIn = await mcp.connect({ authorization: `Bearer ${await token({ sub: 'agent-1' })}` })
      const loans = await callOk(signedIn, 'read_records', { entity: 'Loan', first: 1 })
      expect(loans.result.value).toHaveLength(1)
      const anonymous = await mcp.connect()
      expect((await callError(anonymous, 'read_records', { entity: 'Loan' })).type).toBe('PermissionDenied')
    })

    it('an invalid token is a 401 with a JSON-RPC error body and a challenge', async () => {
      const response = await send(mcp.address, '/mcp', {
        headers: { authorization: 'Bearer not-a-token' },
        body: INITIALIZE,
      })
      expect(response.status).toBe(401)
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/)
      expect(response.body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, data: { code: 'Unauthorized', status: 401 } },
      })
    })
  })
})
