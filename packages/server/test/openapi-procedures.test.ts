import { describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'
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

// SPEC §OpenAPI rule 4 and §Stored procedures: procedure parameters appear in request schemas — query parameters
// for GET (and DELETE), a JSON body for POST, PUT and PATCH, per `rest.methods` — for roles holding `execute`.
// The library sample's procedures: BooksByPublisher (GET, POST), BookCount (GET), ReturnLoan (POST, the default).
const server = useLibraryServer({
  entities: {
    BooksByPublisher: {
      permissions: [
        { role: 'anonymous', actions: ['execute'] },
        { role: 'authenticated', actions: ['*'] },
        { role: 'limited', actions: [{ action: 'execute', fields: { include: ['id', 'title'] } }] },
      ],
    },
    BookCount: { rest: { methods: ['get', 'delete'] } },
    ReturnLoan: { rest: { methods: ['post', 'put', 'patch'] } },
  },
})

async function documentOf(role: string): Promise<any> {
  const response = await server.request(`/api/openapi/${role}`)
  expect(response.status, role).toBe(200)
  await expectValidOpenApi(response.body)
  return response.body
}

describe('stored procedures in the OpenAPI documents', () => {
  it('documents one operation per rest.method, only for roles that may execute', async () => {
    const anonymous = await documentOf('anonymous')
    expect(verbsOf(anonymous, '/BooksByPublisher')).toEqual(['get', 'post'])
    expect(verbsOf(anonymous, '/BookCount')).toEqual(['delete', 'get'])
    expect(anonymous.paths['/ReturnLoan']).toBeUndefined()
    const authenticated = await documentOf('authenticated')
    expect(verbsOf(authenticated, '/ReturnLoan')).toEqual(['patch', 'post', 'put'])
    // No by-key paths for procedures.
    expect(Object.keys(authenticated.paths).filter((p) => p.startsWith('/BooksByPublisher/'))).toEqual([])
  })

  it('GET takes the parameters from the query string, typed, with required flags and defaults', async () => {
    const doc = await documentOf('anonymous')
    const params = parametersOf(doc, operation(doc, '/BooksByPublisher', 'get')!)
    const query = params.filter((p) => p.in === 'query')
    expect(query.map((p) => [p.name, p.required, p.schema.type])).toEqual([
      ['publisher', true, 'integer'],
      ['min_price', false, 'number'],
    ])
    // The config default is told, not declared as `default` (generators would make the parameter required).
    expect(query[1]!.description).toBe('Lowest price to include (0 when omitted). Default: 0.')
    expect(query[1]!.schema.default).toBeUndefined()
    expect(query[0]!.description).toBe('Id of the publisher.')
    expect(params.filter((p) => p.in === 'header').map((p) => p.name)).toEqual(['X-MS-API-ROLE', 'Authorization'])
    // The query options of tables do not apply to procedures.
    expect(params.map((p) => p.name)).not.toContain('$filter')
  })

  it('POST, PUT and PATCH take the parameters in a JSON body schema', async () => {
    const doc = await documentOf('authenticated')
    const post = operation(doc, '/BooksByPublisher', 'post')!
    expect(requestFields(doc, post)).toEqual(['publisher', 'min_price'])
    const body = schemaOf(doc, post.requestBody.content['application/json'].schema)
    expect(body.required).toEqual(['publisher'])
    expect(body.additionalProperties).toBe(false)
    expect(post.requestBody.required).toBe(true)
    for (const verb of ['post', 'put', 'patch']) {
      const op = operation(doc, '/ReturnLoan', verb)!
      expect(requestFields(doc, op), verb).toEqual(['loan_id', 'returned'])
      expect(schemaOf(doc, op.requestBody.content['application/json'].schema).properties.returned).toMatchObject({
        type: 'string',
        format: 'date',
      })
    }
  })

  it('DELETE takes query parameters and answers 204; POST answers 201 — as REST does', async () => {
    const doc = await documentOf('anonymous')
    const del = operation(doc, '/BookCount', 'delete')!
    expect(
      parametersOf(doc, del)
        .filter((p) => p.in === 'query')
        .map((p) => p.name),
    ).toEqual(['in_print_only'])
    expect(Object.keys(del.responses)).toContain('204')
    expect(Object.keys(operation(doc, '/BooksByPublisher', 'post')!.responses)).toContain('201')
    const posted = await server.request('/api/BooksByPublisher', {
      method: 'POST',
      payload: JSON.stringify({ publisher: 1 }),
    })
    expect(posted.status).toBe(201)
    const deleted = await server.request('/api/BookCount?in_print_only=true', { method: 'DELETE' })
    expect(deleted.status).toBe(204)
  })

  it('response schemas list the result columns the role may access', async () => {
    const anonymous = await documentOf('anonymous')
    expect(responseFields(anonymous, operation(anonymous, '/BooksByPublisher', 'get')!)).toEqual([
      'id',
      'title',
      'price',
      'published',
    ])
    expect(responseFields(anonymous, operation(anonymous, '/BookCount', 'get')!)).toEqual(['total'])
    const limited = await documentOf('limited')
    expect(responseFields(limited, operation(limited, '/BooksByPublisher', 'get')!)).toEqual(['id', 'title'])
    const rows = await server.request('/api/BooksByPublisher?publisher=1', { role: 'limited' })
    expect(rows.status).toBe(200)
    expect(Object.keys(rows.body.value[0])).toEqual(['id', 'title'])
  })

  it('names its schemas after the entity: {Entity}_sp_request and {Entity}_sp_response', async () => {
    const doc = await documentOf('authenticated')
    expect(resolvePointer(doc, '#/components/schemas/BooksByPublisher_sp_request')).toBeDefined()
    expect(resolvePointer(doc, '#/components/schemas/BooksByPublisher_sp_response')).toBeDefined()
  })
})
