import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// Stored procedures over MCP (SPEC §Stored procedures rule 7): execute_entity for every procedure the role may
// execute, and a custom tool (snake_case name, parameter schema and descriptions) for `mcp.custom-tool: true`.
describe('MCP stored procedures', () => {
  const mcp = useMcpServer({
    entities: {
      BooksByPublisher: { mcp: { 'custom-tool': true } },
      // A custom tool whose entity is hidden from the DML tools stays callable as its own tool.
      BookCount: { mcp: { 'dml-tools': false, 'custom-tool': true } },
    },
  })
  let anonymous: Client
  let authenticated: Client
  beforeAll(async () => {
    anonymous = await mcp.connect()
    authenticated = await mcp.connect({ 'X-MS-API-ROLE': 'authenticated' })
  })

  it('describe_entities shows procedures with their parameters and EXECUTE', async () => {
    const body = await callOk(anonymous, 'describe_entities', { entities: ['BooksByPublisher'] })
    const entity = body.entities[0]
    expect(entity.permissions).toEqual(['EXECUTE'])
    expect(entity.type).toBe('stored-procedure')
    expect(entity.parameters).toEqual([
      expect.objectContaining({ name: 'publisher', required: true, description: 'Id of the publisher.' }),
      expect.objectContaining({
        name: 'min_price',
        required: false,
        default: '0',
        description: 'Lowest price to include (0 when omitted).',
      }),
    ])
    const all = await callOk(anonymous, 'describe_entities')
    expect(all.entities.map((e: any) => e.name)).not.toContain('BookCount')
  })

  it('execute_entity runs a procedure with parameters and config defaults', async () => {
    const body = await callOk(anonymous, 'execute_entity', { entity: 'BooksByPublisher', parameters: { publisher: 2 } })
    expect(body).toMatchObject({ entity: 'BooksByPublisher', parameters: { publisher: 2, min_price: '0' } })
    expect(Array.isArray(body.value)).toBe(true)
    expect(body.value.length).toBeGreaterThan(0)
    for (const row of body.value) expect(Object.keys(row).sort()).toEqual(['id', 'price', 'published', 'title'])
    const pricey = await callOk(anonymous, 'execute_entity', {
      entity: 'BooksByPublisher',
      parameters: { publisher: 2, min_price: 30 },
    })
    for (const row of pricey.value) expect(Number(row.price)).toBeGreaterThanOrEqual(30)
  })

  it("execute_entity refuses missing and unknown parameters with REST's 400, tables, and roles without execute", async () => {
    expect(await callError(anonymous, 'execute_entity', { entity: 'BooksByPublisher', parameters: {} })).toMatchObject({
      code: 'Bad Request',
      status: 400,
    })
    expect(
      await callError(anonymous, 'execute_entity', {
        entity: 'BooksByPublisher',
        parameters: { publisher: 2, nope: 1 },
      }),
    ).toMatchObject({ code: 'Bad Request', status: 400 })
    expect((await callError(anonymous, 'execute_entity', { entity: 'Book' })).type).toBe('InvalidEntity')
    expect((await callError(anonymous, 'read_records', { entity: 'BooksByPublisher' })).type).toBe('InvalidEntity')
    expect(
      (await callError(anonymous, 'execute_entity', { entity: 'ReturnLoan', parameters: { loan_id: 1 } })).type,
    ).toBe('PermissionDenied')
  })

  it('lists a custom tool per procedure with mcp.custom-tool, with its parameters as the input schema', async () => {
    const { tools } = await anonymous.listTools()
    const tool = tools.find((t) => t.name === 'books_by_publisher')!
    expect(tool.description).toBe(
      'Books of one publisher at or above a minimum price: a PostgreSQL function returning a table.',
    )
    expect(tool.inputSchema.required).toEqual(['publisher'])
    const properties = tool.inputSchema.properties as Record<string, any>
    expect(properties['publisher']).toMatchObject({ type: 'integer', description: 'Id of the publisher.' })
    expect(properties['min_price'].description).toContain('Lowest price to include')
    expect(tools.map((t) => t.name)).toContain('book_count')
    expect(tools.map((t) => t.name)).not.toContain('return_loan')
  })

  it('a custom tool runs like execute_entity, under the same permissions', async () => {
    const body = await callOk(anonymous, 'books_by_publisher', { publisher: 2 })
    const generic = await callOk(anonymous, 'execute_entity', {
      entity: 'BooksByPublisher',
      parameters: { publisher: 2 },
    })
    expect(body.value).toEqual(generic.value)
    const count = await callOk(anonymous, 'book_count', {})
    expect(count.value).toHaveLength(1)
    expect(Object.keys(count.value[0])).toEqual(['total'])
    // authenticated is not configured on BookCount and inherits anonymous's execute (DAB 2.x), so it may call it too.
    expect((await callOk(authenticated, 'book_count', { in_print_only: true })).value).toHaveLength(1)
  })
})
