import { beforeAll, describe, expect, it } from 'vitest'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { callError, callOk, useMcpServer } from './support/mcp-client.js'

// read_records' expand over Streamable HTTP: REST's $expand syntax and shape, the related entity's permissions.
describe('MCP read_records expand', () => {
  const mcp = useMcpServer()
  let anonymous: Client
  beforeAll(async () => {
    anonymous = await mcp.connect()
  })

  it('nests related records as REST does: objects, arrays, @count, and @after to read on', async () => {
    const body = await callOk(anonymous, 'read_records', {
      entity: 'Publisher',
      select: 'id,name',
      first: 3,
      expand: 'books($select=id,title;$orderby=id;$first=2;$count=true)',
    })
    for (const publisher of body.result.value) {
      expect(Object.keys(publisher).slice(0, 4)).toEqual(['id', 'name', 'books@count', 'books'])
      expect(publisher.books.length).toBe(Math.min(2, publisher['books@count']))
      if (publisher['books@count'] <= 2) continue
      expect(typeof publisher['books@after']).toBe('string')
      // The cursor continues this publisher's list: its key in the filter, the cursor in the expand options.
      const next = await callOk(anonymous, 'read_records', {
        entity: 'Publisher',
        select: 'id',
        filter: `id eq ${publisher.id}`,
        expand: `books($select=id,title;$orderby=id;$first=2;$after=${publisher['books@after']})`,
      })
      expect(next.result.value[0].books[0].id).toBeGreaterThan(publisher.books[1].id)
    }
    const [book] = (
      await callOk(anonymous, 'read_records', {
        entity: 'Book',
        first: 1,
        expand: 'publisher($select=name),authors($select=name)',
      })
    ).result.value
    expect(Object.keys(book.publisher)).toEqual(['name'])
    expect(Array.isArray(book.authors)).toBe(true)
  })

  it('lists the relationships it may expand in describe_entities', async () => {
    const body = await callOk(anonymous, 'describe_entities', { entities: ['Book'] })
    expect(body.entities[0].relationships).toEqual(
      expect.arrayContaining([
        { name: 'publisher', target: 'Publisher', cardinality: 'one' },
        { name: 'authors', target: 'Author', cardinality: 'many' },
      ]),
    )
    // Loans are not readable by anonymous: not offered.
    expect(body.entities[0].relationships.map((r: any) => r.name)).not.toContain('loans')
  })

  it("refuses forbidden fields, unknown relationships and bad syntax with REST's errors", async () => {
    expect(
      await callError(anonymous, 'read_records', { entity: 'Book', expand: 'authors($select=email)' }),
    ).toMatchObject({ status: 400, message: "Invalid field 'email' in select" })
    expect(await callError(anonymous, 'read_records', { entity: 'Book', expand: 'nope' })).toMatchObject({
      status: 400,
      message: "Invalid field 'nope' in expand",
    })
    expect((await callError(anonymous, 'read_records', { entity: 'Book', expand: 'authors(' })).message).toContain(
      'expand query parameter is not well formed',
    )
    expect(await callError(anonymous, 'read_records', { entity: 'Book', expand: 'loans' })).toMatchObject({
      status: 403,
    })
  })
})
