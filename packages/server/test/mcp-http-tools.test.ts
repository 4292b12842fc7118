import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// The MCP tools over Streamable HTTP on a real socket, with the SDK's own client: tools/list, every record tool,
// and the same field access, row policies and role selection as REST (the role comes from X-MS-API-ROLE).
describe('MCP over Streamable HTTP', () => {
  const mcp = useMcpServer({
    runtime: { mcp: { description: 'The library sample.' } },
    entities: {
      Book: {
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'authenticated', actions: ['*'] },
          { role: 'editor', actions: ['read', 'update'] },
          // Sees only long books, and never the price.
          {
            role: 'reader',
            actions: [
              {
                action: 'read',
                policy: { database: '@item.pages gt 400' },
                fields: { include: ['*'], exclude: ['price'] },
              },
            ],
          },
        ],
      },
    },
  })
  let anonymous: Client
  let authenticated: Client
  let editor: Client
  let reader: Client
  beforeAll(async () => {
    anonymous = await mcp.connect()
    authenticated = await mcp.connect({ 'X-MS-API-ROLE': 'authenticated' })
    editor = await mcp.connect({ 'X-MS-API-ROLE': 'editor' })
    reader = await mcp.connect({ 'X-MS-API-ROLE': 'reader' })
  })

  it('initializes as the SQL MCP Server with the configured instructions', () => {
    expect(anonymous.getServerVersion()?.name).toBe('SQL MCP Server')
    expect(anonymous.getInstructions()).toBe('The library sample.')
  })

  it('lists the built-in tools with their argument schemas', async () => {
    const { tools } = await anonymous.listTools()
    const names = tools.map((t) => t.name)
    for (const name of ['describe_entities', 'read_records', 'create_record', 'update_record', 'delete_record'])
      expect(names).toContain(name)
    const read = tools.find((t) => t.name === 'read_records')!
    expect(Object.keys(read.inputSchema.properties ?? {}).sort()).toEqual([
      'after',
      'count',
      'entity',
      'expand',
      'filter',
      'first',
      'orderby',
      'select',
    ])
    expect(read.inputSchema.required).toEqual(['entity'])
    const update = tools.find((t) => t.name === 'update_record')!
    expect(update.inputSchema.required).toEqual(['entity', 'keys', 'fields'])
  })

  describe('describe_entities', () => {
    it('lists the entities the role may use, sorted, with permissions, keys and field descriptions', async () => {
      const body = await callOk(anonymous, 'describe_entities')
      const names = body.entities.map((e: any) => e.name)
      expect(names).toEqual([...names].sort())
      expect(names).not.toContain('Loan') // anonymous has no permission on loans
      expect(body.count).toBe(names.length)
      const author = body.entities.find((e: any) => e.name === 'Author')
      expect(author.permissions).toEqual(['READ'])
      expect(author.description).toMatch(/People who write books/)
      expect(author.keys).toEqual(['id'])
      expect(author.fields.map((f: any) => f.name)).not.toContain('email') // excluded for anonymous
      expect(author.fields.find((f: any) => f.name === 'birthYear').description).toBe(
        'Year of birth; null when unknown.',
      )
    })

    it('shows the authenticated role everything it may do', async () => {
      const body = await callOk(authenticated, 'describe_entities', { entities: ['Author', 'Loan'] })
      expect(body.entities.map((e: any) => e.name)).toEqual(['Author', 'Loan'])
      expect(body.entities[0].permissions).toEqual(['CREATE', 'DELETE', 'READ', 'UPDATE'])
      expect(body.entities[0].fields.map((f: any) => f.name)).toContain('email')
    })

    it('nameOnly gives names and descriptions only', async () => {
      const body = await callOk(anonymous, 'describe_entities', { nameOnly: true })
      for (const entity of body.entities) expect(Object.keys(entity).sort()).toEqual(['description', 'name'])
    })

    it('an entities filter matching nothing is an error', async () => {
      const error = await callError(anonymous, 'describe_entities', { entities: ['Nope'] })
      expect(error.type).toBe('EntitiesNotFound')
    })
  })

  describe('read_records', () => {
    it('reads with select, filter, orderby and first, and pages with after', async () => {
      const args = { entity: 'Book', select: 'id,title', filter: 'pages gt 300', orderby: ['id desc'], first: 2 }
      const first = await callOk(anonymous, 'read_records', args)
      expect(first.entity).toBe('Book')
      expect(first.result.value).toHaveLength(2)
      for (const row of first.result.value) expect(Object.keys(row).sort()).toEqual(['id', 'title'])
      expect(first.result.value[0].id).toBeGreaterThan(first.result.value[1].id)
      expect(typeof first.result.after).toBe('string')
      const second = await callOk(anonymous, 'read_records', { ...args, after: first.result.after })
      expect(second.result.value[0].id).toBeLessThan(first.result.value[1].id)
    })

    it('omits after on the last page', async () => {
      const body = await callOk(anonymous, 'read_records', { entity: 'Publisher', first: 1000 })
      expect(body.result.after).toBeUndefined()
      expect(body.result.value.length).toBeGreaterThan(0)
    })

    it("leaves out fields the role may not read, and refuses to select them with REST's message", async () => {
      const body = await callOk(anonymous, 'read_records', { entity: 'Author', first: 3 })
      for (const row of body.result.value) expect(row).not.toHaveProperty('email')
      const error = await callError(anonymous, 'read_records', { entity: 'Author', select: 'id,email' })
      expect(error).toMatchObject({
        type: 'FieldNotFound',
        code: 'Bad Request',
        status: 400,
        message: "Invalid field 'email' in select",
      })
    })

    it("applies the role's row policy and field access", async () => {
      const body = await callOk(reader, 'read_records', { entity: 'Book', first: -1 })
      expect(body.result.value.length).toBeGreaterThan(0)
      for (const row of body.result.value) {
        expect(row.pages).toBeGreaterThan(400)
        expect(row).not.toHaveProperty('price')
      }
    })

    it('a role without read permission is refused', async () => {
      const error = await callError(anonymous, 'read_records', { entity: 'Loan' })
      expect(error).toMatchObject({ type: 'PermissionDenied', code: 'Authorization Failure', status: 403 })
    })

    it("bad arguments are InvalidArguments or REST's 400s", async () => {
      expect((await callError(anonymous, 'read_records', {})).type).toBe('InvalidArguments')
      expect((await callError(anonymous, 'read_records', { entity: 'Book', first: 'ten' })).type).toBe(
        'InvalidArguments',
      )
      expect((await callError(anonymous, 'read_records', { entity: 'Book', orderby: ['title sideways'] })).type).toBe(
        'InvalidArguments',
      )
      const filter = await callError(anonymous, 'read_records', { entity: 'Book', filter: 'pages >> 3' })
      expect(filter).toMatchObject({ code: 'Bad Request', status: 400 })
      expect(filter.message).toMatch(/^filter query parameter is not well formed/)
      expect((await callError(anonymous, 'read_records', { entity: 'Nope' })).type).toBe('EntityNotFound')
    })
  })

  describe('writes', () => {
    it('create_record, update_record and delete_record for a role allowed to', async () => {
      const created = await callOk(authenticated, 'create_record', {
        entity: 'Publisher',
        data: { name: 'MCP Press', country: 'NL' },
      })
      const row = created.result.value[0]
      expect(row).toMatchObject({ name: 'MCP Press', country: 'NL' })
      const updated = await callOk(authenticated, 'update_record', {
        entity: 'Publisher',
        keys: { id: row.id },
        fields: { country: 'BE' },
      })
      expect(updated.result.value[0]).toMatchObject({ id: row.id, name: 'MCP Press', country: 'BE' })
      const deleted = await callOk(authenticated, 'delete_record', { entity: 'Publisher', keys: { id: row.id } })
      expect(deleted).toMatchObject({
        entity: 'Publisher',
        keyDetails: { id: row.id },
        message: 'Record deleted successfully',
      })
      const after = await callOk(authenticated, 'read_records', { entity: 'Publisher', filter: `id eq ${row.id}` })
      expect(after.result.value).toEqual([])
    })

    it('a role without create cannot create; update_record never inserts, so update alone suffices (as in Data API builder)', async () => {
      expect((await callError(anonymous, 'create_record', { entity: 'Publisher', data: { name: 'X' } })).type).toBe(
        'PermissionDenied',
      )
      expect(
        (await callError(editor, 'create_record', { entity: 'Book', data: { title: 'X', publisher_id: 5001 } })).type,
      ).toBe('PermissionDenied')
      const book = (await callOk(editor, 'read_records', { entity: 'Book', first: 1, orderby: ['id'] })).result.value[0]
      const update = await callOk(editor, 'update_record', {
        entity: 'Book',
        keys: { id: book.id },
        fields: { pages: book.pages + 1 },
      })
      expect(update).toMatchObject({ entity: 'Book', status: 'success' })
      const after = (await callOk(editor, 'read_records', { entity: 'Book', filter: `id eq ${book.id}` })).result
        .value[0]
      expect(after.pages).toBe(book.pages + 1)
      expect(
        (await callError(anonymous, 'update_record', { entity: 'Book', keys: { id: book.id }, fields: { pages: 1 } }))
          .status,
      ).toBe(403)
      expect((await callError(editor, 'delete_record', { entity: 'Book', keys: { id: book.id } })).status).toBe(403)
    })

    it('update_record never inserts: a missing record is NotFound', async () => {
      const error = await callError(authenticated, 'update_record', {
        entity: 'Publisher',
        keys: { id: 999999 },
        fields: { name: 'Ghost' },
      })
      expect(error).toMatchObject({ type: 'NotFound', status: 404 })
    })

    it("delete_record of a missing record is NotFound; bad values are REST's 400", async () => {
      expect(
        (await callError(authenticated, 'delete_record', { entity: 'Publisher', keys: { id: 999999 } })).status,
      ).toBe(404)
      const bad = await callError(authenticated, 'create_record', { entity: 'Publisher', data: { name: 'X', nope: 1 } })
      expect(bad).toMatchObject({ code: 'Bad Request', status: 400 })
      expect(
        (await callError(authenticated, 'update_record', { entity: 'Publisher', keys: {}, fields: { name: 'X' } }))
          .type,
      ).toBe('InvalidArguments')
    })
  })
})
