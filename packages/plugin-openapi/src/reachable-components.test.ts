import { describe, expect, it } from 'vitest'
import { ref } from './openapi-types.js'
import { reachableComponents } from './reachable-components.js'

describe('reachableComponents', () => {
  it('keeps what the paths reach, through other components too, and drops the rest', () => {
    const paths = {
      '/Book': {
        get: {
          tags: ['Book'],
          summary: 'List',
          operationId: 'listBook',
          parameters: [ref('parameters', 'select')],
          responses: {
            '200': { description: 'OK', content: { 'application/json': { schema: ref('schemas', 'Book') } } },
          },
        },
      },
    }
    const reached = reachableComponents(paths, {
      schemas: {
        Book: { type: 'object', properties: { publisher: { allOf: [ref('schemas', 'Publisher')] } } },
        Publisher: { type: 'object', properties: { books: { type: 'array', items: ref('schemas', 'Book') } } },
        Loan: { type: 'object' },
      },
      parameters: { select: { name: '$select', in: 'query', required: false, schema: { type: 'string' } } },
      responses: { Error409: { description: 'Conflict' } },
    })
    expect(Object.keys(reached.schemas)).toEqual(['Book', 'Publisher'])
    expect(Object.keys(reached.parameters)).toEqual(['select'])
    expect(reached.responses).toEqual({})
  })
})
