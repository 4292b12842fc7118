import { describe, expect, it } from 'vitest'
import { startLibraryServer, useLibraryServer } from './support/library-test-server.js'
import {
  expectValidOpenApi,
  operation,
  parametersOf,
  requestFields,
  resolvePointer,
  responseFields,
  schemaOf,
  verbsOf,
} from './support/openapi-document-checks.js'

/** Tests that start their own server (a seeded PGlite) get the start-up time hooks get. */
const STARTS_A_SERVER = { timeout: 120_000 }

// SPEC §OpenAPI rule 4: only REST-enabled entities, only the operations the role may perform, only the fields it
// may access per action; custom rest.path values as paths; keyless PUT/PATCH; query options, headers and errors.
const server = useLibraryServer({
  entities: {
    // clerk: create with a subset of fields, update with another subset, no read, no delete.
    Publisher: {
      permissions: [
        { role: 'anonymous', actions: ['read'] },
        { role: 'authenticated', actions: ['*'] },
        {
          role: 'clerk',
          actions: [
            { action: 'create', fields: { include: ['name'] } },
            { action: 'update', fields: { include: ['name', 'country'] } },
          ],
        },
      ],
    },
    // auditor may not read the key, so cannot read by key; the list is still documented.
    Author: {
      permissions: [
        { role: 'anonymous', actions: [{ action: 'read', fields: { include: ['*'], exclude: ['email'] } }] },
        { role: 'authenticated', actions: ['*'] },
        { role: 'auditor', actions: [{ action: 'read', fields: { include: ['name', 'email'] } }] },
      ],
    },
    Loan: { rest: { path: 'desk/loans' } },
    // Stored procedures have their own file (openapi-procedures.test.ts).
    BooksByPublisher: null,
    BookCount: null,
    ReturnLoan: null,
  },
})

const documents = new Map<string, any>()
async function documentOf(role: string): Promise<any> {
  let document = documents.get(role)
  if (document === undefined) {
    const response = await server.request(`/api/openapi/${role}`)
    expect(response.status, role).toBe(200)
    document = response.body
    await expectValidOpenApi(document)
    documents.set(role, document)
  }
  return document
}

const ROLES = ['anonymous', 'authenticated', 'editor', 'clerk', 'auditor'] as const

describe('which entities and operations a role sees', () => {
  it('anonymous: reads only, and nothing of entities it may not touch', async () => {
    const doc = await documentOf('anonymous')
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/Author',
      '/Author/id/{id}',
      '/Book',
      '/Book/id/{id}',
      '/BookAuthor',
      '/BookAuthor/book_id/{book_id}/author_id/{author_id}',
      '/BookDetail',
      '/BookDetail/id/{id}',
      '/Publisher',
      '/Publisher/id/{id}',
      '/books/reviews',
      '/books/reviews/book_id/{book_id}/id/{id}',
    ])
    for (const path of Object.keys(doc.paths)) expect(verbsOf(doc, path), path).toEqual(['get'])
    expect(Object.keys(doc.components.schemas)).not.toContain('Loan')
  })

  it('authenticated: every action on tables, with PUT and PATCH by key, and reads on the view', async () => {
    const doc = await documentOf('authenticated')
    expect(verbsOf(doc, '/Book')).toEqual(['get', 'patch', 'post', 'put'])
    expect(verbsOf(doc, '/Book/id/{id}')).toEqual(['delete', 'get', 'patch', 'put'])
    expect(verbsOf(doc, '/BookDetail')).toEqual(['get'])
    expect(verbsOf(doc, '/BookDetail/id/{id}')).toEqual(['get'])
  })

  it('read + update without create gives no PUT or PATCH (they need both), and no POST or DELETE', async () => {
    const doc = await documentOf('editor')
    expect(verbsOf(doc, '/Book')).toEqual(['get'])
    expect(verbsOf(doc, '/Book/id/{id}')).toEqual(['get'])
  })

  it('create + update without read gives POST, PUT and PATCH only', async () => {
    const doc = await documentOf('clerk')
    expect(verbsOf(doc, '/Publisher')).toEqual(['patch', 'post', 'put'])
    expect(verbsOf(doc, '/Publisher/id/{id}')).toEqual(['patch', 'put'])
  })

  it('omits the by-key read when the role may not read every key field', async () => {
    const doc = await documentOf('auditor')
    expect(verbsOf(doc, '/Author')).toEqual(['get'])
    expect(doc.paths['/Author/id/{id}']).toBeUndefined()
  })

  it('uses custom rest.path values as paths, with the entity path as the tag', async () => {
    const doc = await documentOf('authenticated')
    expect(doc.paths['/desk/loans']).toBeDefined()
    expect(doc.paths['/Loan']).toBeUndefined()
    expect(operation(doc, '/desk/loans', 'get')!.tags).toEqual(['desk/loans'])
    expect(doc.tags).toContainEqual({ name: 'desk/loans', description: expect.stringContaining('Lending desk') })
  })

  it('agrees with REST: a role can list an entity exactly when its document has the GET', async () => {
    for (const role of ROLES) {
      const doc = await documentOf(role)
      for (const path of [
        '/Publisher',
        '/Author',
        '/Book',
        '/BookAuthor',
        '/books/reviews',
        '/desk/loans',
        '/BookDetail',
      ]) {
        const response = await server.request(`/api${path}?$first=1`, role === 'anonymous' ? {} : { role })
        const documented = operation(doc, path, 'get') !== undefined
        expect(response.status, `${role} GET ${path}`).toBe(documented ? 200 : 403)
      }
    }
  })

  it('agrees with REST on writes: an undocumented POST is refused with 403', async () => {
    const editor = await documentOf('editor')
    expect(operation(editor, '/Book', 'post')).toBeUndefined()
    const response = await server.request('/api/Book', {
      role: 'editor',
      method: 'POST',
      payload: JSON.stringify({ title: 'x', publisher_id: 1 }),
    })
    expect(response.status).toBe(403)
  })
})

describe('fields per action', () => {
  it('response schemas list the read fields the role may access', async () => {
    const anonymous = await documentOf('anonymous')
    const authenticated = await documentOf('authenticated')
    // Then the members `$expand` adds, for the relationships whose target the role may read.
    const books = ['books', 'books@count', 'books@nextLink']
    expect(responseFields(anonymous, operation(anonymous, '/Author', 'get')!)).toEqual([
      'id',
      'name',
      'birthYear',
      ...books,
    ])
    expect(responseFields(authenticated, operation(authenticated, '/Author', 'get')!)).toEqual([
      'id',
      'name',
      'birthYear',
      'email',
      ...books,
    ])
    const auditor = await documentOf('auditor')
    expect(
      responseFields(auditor, operation(auditor, '/Author', 'get')!).filter((f) => !f.startsWith('books')),
    ).toEqual(['name', 'email'])
  })

  it('request schemas use the action’s fields: POST the create fields, PUT/PATCH those both create and update allow', async () => {
    const doc = await documentOf('clerk')
    expect(requestFields(doc, operation(doc, '/Publisher', 'post')!)).toEqual(['name'])
    expect(requestFields(doc, operation(doc, '/Publisher/id/{id}', 'put')!)).toEqual(['name'])
    expect(requestFields(doc, operation(doc, '/Publisher/id/{id}', 'patch')!)).toEqual(['name'])
    // Without read, a write returns the record with no fields.
    expect(responseFields(doc, operation(doc, '/Publisher', 'post')!)).toEqual([])
  })

  it('request schemas leave out fields the database generates, and key fields that come from the URL', async () => {
    const doc = await documentOf('authenticated')
    expect(requestFields(doc, operation(doc, '/Book', 'post')!)).toEqual([
      'title',
      'publisher_id',
      'publishedOn',
      'price',
      'pages',
      'inPrint',
      'isbn',
      'created_at',
    ])
    expect(requestFields(doc, operation(doc, '/Book/id/{id}', 'put')!)).not.toContain('id')
    expect(requestFields(doc, operation(doc, '/BookAuthor', 'post')!)).toEqual([
      'book_id',
      'author_id',
      'royalty_percentage',
    ])
    expect(requestFields(doc, operation(doc, '/BookAuthor/book_id/{book_id}/author_id/{author_id}', 'put')!)).toEqual([
      'royalty_percentage',
    ])
  })

  it('marks required what an insert or PUT needs, nothing for PATCH, and types fields from the database', async () => {
    const doc = await documentOf('authenticated')
    const post = schemaOf(doc, operation(doc, '/Book', 'post')!.requestBody.content['application/json'].schema)
    expect(post.required).toEqual(['title', 'publisher_id'])
    expect(post.additionalProperties).toBe(false)
    const patch = schemaOf(
      doc,
      operation(doc, '/Book/id/{id}', 'patch')!.requestBody.content['application/json'].schema,
    )
    expect(patch.required).toBeUndefined()
    const book = resolvePointer(doc, '#/components/schemas/Book')
    expect(book.properties.id).toMatchObject({ type: 'integer', format: 'int32' })
    expect(book.properties.title).toEqual({
      type: 'string',
      description: 'Title as printed on the cover (may be empty).',
    })
    expect(book.properties.price).toMatchObject({ type: 'number', nullable: true })
    expect(book.properties.publishedOn).toMatchObject({ type: 'string', format: 'date', nullable: true })
    expect(book.properties.inPrint).toMatchObject({ type: 'boolean' })
    expect(book.properties.created_at).toMatchObject({ type: 'string', format: 'date-time' })
  })
})

describe('paths, keys, parameters and responses', () => {
  it('templates composite keys as named pairs in definition order', async () => {
    const doc = await documentOf('authenticated')
    const get = operation(doc, '/BookAuthor/book_id/{book_id}/author_id/{author_id}', 'get')!
    expect(
      parametersOf(doc, get)
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, p.schema.type]),
    ).toEqual([
      ['book_id', 'integer'],
      ['author_id', 'integer'],
    ])
  })

  it('documents keyless PUT and PATCH: on the base path when the whole key is generated', async () => {
    const doc = await documentOf('authenticated')
    for (const verb of ['put', 'patch']) {
      const op = operation(doc, '/Book', verb)!
      expect(op.summary).toContain('keyless')
      expect(Object.keys(op.responses)).toContain('201')
      expect(requestFields(doc, op)).not.toContain('id')
    }
    // A key the caller chooses has no keyless form.
    expect(operation(doc, '/BookAuthor', 'put')).toBeUndefined()
  })

  it('documents keyless PUT and PATCH on a path naming the non-generated key parts of a composite key', async () => {
    const doc = await documentOf('authenticated')
    expect(verbsOf(doc, '/books/reviews/book_id/{book_id}')).toEqual(['patch', 'put'])
    const response = await server.request('/api/books/reviews/book_id/1', {
      role: 'authenticated',
      method: 'PUT',
      payload: JSON.stringify({ reviewer: 'openapi', rating: 4 }),
    })
    expect(response.status).toBe(201)
    expect(response.body.value[0]).toMatchObject({ book_id: 1, reviewer: 'openapi', rating: 4 })
  })

  it('gives list reads the seven query options and by-key reads $select and $expand; every operation the two headers', async () => {
    const doc = await documentOf('authenticated')
    const names = (op: any) => parametersOf(doc, op).map((p) => `${p.in}:${p.name}`)
    expect(names(operation(doc, '/Book', 'get'))).toEqual([
      'query:$select',
      'query:$filter',
      'query:$orderby',
      'query:$first',
      'query:$after',
      'query:$count',
      'query:$expand',
      'header:X-MS-API-ROLE',
      'header:Authorization',
    ])
    expect(names(operation(doc, '/Book/id/{id}', 'get'))).toEqual([
      'path:id',
      'query:$select',
      'query:$expand',
      'header:X-MS-API-ROLE',
      'header:Authorization',
    ])
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [verb, op] of Object.entries<any>(item)) {
        expect(names(op), `${verb} ${path}`).toEqual(
          expect.arrayContaining(['header:X-MS-API-ROLE', 'header:Authorization']),
        )
      }
    }
  })

  it('describes error responses with the error envelope schema', async () => {
    const doc = await documentOf('authenticated')
    const envelope = resolvePointer(doc, '#/components/schemas/ErrorResponse')
    expect(envelope.required).toEqual(['error'])
    expect(Object.keys(envelope.properties.error.properties)).toEqual(['code', 'message', 'status'])
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      for (const [verb, op] of Object.entries<any>(item)) {
        for (const status of ['400', '403', '500']) {
          const response = schemaOf(doc, op.responses[status])
          expect(response.content['application/json'].schema, `${verb} ${path} ${status}`).toEqual({
            $ref: '#/components/schemas/ErrorResponse',
          })
        }
      }
    }
    // And a real error matches it.
    const error = await server.request('/api/Book?$filter=nope eq 1')
    expect(Object.keys(error.body.error)).toEqual(['code', 'message', 'status'])
  })
})

describe('request-body-strict: false', () => {
  it('leaves request schemas open to extra fields', STARTS_A_SERVER, async () => {
    const s = await startLibraryServer({ runtime: { rest: { 'request-body-strict': false } } })
    try {
      const doc = JSON.parse((await s.app.inject({ url: '/api/openapi/authenticated' })).body)
      await expectValidOpenApi(doc)
      const post = schemaOf(doc, operation(doc, '/Book', 'post')!.requestBody.content['application/json'].schema)
      expect(post.additionalProperties).toBeUndefined()
    } finally {
      await s.close()
    }
  })
})
