import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
import { expectValidOpenApi, operation, parametersOf, resolvePointer } from './support/openapi-document-checks.js'

// The OpenAPI document describes $expand per entity: the relationships this role may read, and the members an
// expanded record gains (typed clients get them as optional properties).
describe('OpenAPI: $expand and $count', () => {
  const server = useLibraryServer({ runtime: { host: { mode: 'development' } } })
  const documentOf = async (role: string): Promise<any> => {
    const response = await server.request(`/api/openapi/${role}`)
    expect(response.status).toBe(200)
    await expectValidOpenApi(response.body)
    return response.body
  }

  it('offers $expand on list and by-key reads, naming the relationships whose target the role may read', async () => {
    const doc = await documentOf('anonymous')
    for (const path of ['/Book', '/Book/id/{id}']) {
      const expand = parametersOf(doc, operation(doc, path, 'get')!).find((p) => p.name === '$expand')
      expect(expand, path).toBeDefined()
      expect(expand!.description).toContain('`publisher` (one Publisher)')
      expect(expand!.description).toContain('`authors` (many Author)')
      // Loans are not readable by anonymous, so not offered.
      expect(expand!.description).not.toContain('loans')
    }
    const authenticated = await documentOf('authenticated')
    expect(
      parametersOf(authenticated, operation(authenticated, '/Book', 'get')!).find((p) => p.name === '$expand')!
        .description,
    ).toContain('`loans` (many Loan)')
  })

  it('types the expanded members: a nullable object, an array, its count and its next link', async () => {
    const doc = await documentOf('anonymous')
    const book = resolvePointer(doc, '#/components/schemas/Book')
    expect(book.properties.publisher).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/Publisher' }],
      nullable: true,
    })
    expect(book.properties.authors).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Author' } })
    expect(book.properties['authors@count']).toMatchObject({ type: 'integer', format: 'int64' })
    expect(book.properties['authors@nextLink']).toMatchObject({ type: 'string' })
    expect(book.required ?? []).not.toContain('authors')
    expect(book.properties).not.toHaveProperty('loans')
  })

  it('documents $count and the count member of a page', async () => {
    const doc = await documentOf('anonymous')
    const list = operation(doc, '/Book', 'get')!
    expect(parametersOf(doc, list).find((p) => p.name === '$count')).toMatchObject({
      in: 'query',
      schema: { type: 'boolean' },
    })
    const page = list.responses['200'].content['application/json'].schema
    expect(page.properties.count).toMatchObject({ type: 'integer' })
    expect(page.required).toEqual(['value'])
  })
})
