import { describe, expect, it } from 'vitest'
import type { FastifyRequest } from 'fastify'
import { readMcpToolName } from './read-mcp-tool-name.js'

const withBody = (body: unknown) => ({ body }) as FastifyRequest

describe('readMcpToolName', () => {
  it('names the tool of a tools/call request, or of the first call in a batch', () => {
    expect(
      readMcpToolName(
        withBody(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'read_records' } })),
      ),
    ).toBe('read_records')
    expect(
      readMcpToolName(
        withBody(
          JSON.stringify([{ method: 'tools/list' }, { method: 'tools/call', params: { name: 'create_record' } }]),
        ),
      ),
    ).toBe('create_record')
  })

  it('is undefined for other methods, bodies that are not JSON, and no body', () => {
    expect(readMcpToolName(withBody(JSON.stringify({ method: 'initialize' })))).toBeUndefined()
    expect(readMcpToolName(withBody('tools/call {'))).toBeUndefined()
    expect(readMcpToolName(withBody(undefined))).toBeUndefined()
  })
})
