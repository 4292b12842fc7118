import { beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// read_records' count over Streamable HTTP: the same number REST's $count gives, under the caller's row policy.
describe('MCP read_records count', () => {
  const mcp = useMcpServer({
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'reader', actions: [{ action: 'read', policy: { database: '@item.pages gt 400' } }] },
        ],
      },
    },
  })
  let anonymous: Client
  let reader: Client
  beforeAll(async () => {
    anonymous = await mcp.connect()
    reader = await mcp.connect({ 'X-MS-API-ROLE': 'reader' })
  })

  it('adds result.count, the records matching the filter on all pages', async () => {
    const all = (await callOk(anonymous, 'read_records', { entity: 'Book', filter: 'pages gt 300', first: -1 })).result
      .value.length
    const body = await callOk(anonymous, 'read_records', {
      entity: 'Book',
      filter: 'pages gt 300',
      first: 2,
      count: true,
    })
    expect(Object.keys(body.result)).toEqual(['count', 'value', 'after'])
    expect(body.result.count).toBe(all)
    expect(body.result.value).toHaveLength(2)
    const next = await callOk(anonymous, 'read_records', {
      entity: 'Book',
      filter: 'pages gt 300',
      first: 2,
      count: true,
      after: body.result.after,
    })
    expect(next.result.count).toBe(all)
  })

  it('counts only the rows the role may read, and nothing when not asked', async () => {
    const visible = (await callOk(reader, 'read_records', { entity: 'Book', first: -1 })).result.value.length
    expect((await callOk(reader, 'read_records', { entity: 'Book', first: 1, count: true })).result.count).toBe(visible)
    expect(
      (await callOk(reader, 'read_records', { entity: 'Book', first: 1, count: false })).result,
    ).not.toHaveProperty('count')
  })

  it('refuses a count that is not a boolean', async () => {
    expect((await callError(anonymous, 'read_records', { entity: 'Book', count: 'yes' })).type).toBe('InvalidArguments')
  })
})
