import { buildSchema, parse, validate } from 'graphql'
import { describe, expect, it } from 'vitest'
import { depthLimitRule } from './depth-limit-rule.js'

const schema = buildSchema('type Query { a: A } type A { b: B, n: Int } type B { c: A, n: Int }')
const errors = (max: number, source: string) =>
  validate(schema, parse(source), [depthLimitRule(max)]).map((e) => e.message)

describe('depthLimitRule', () => {
  it('counts a root field as depth 1 and each nested selection as one more', () => {
    expect(errors(2, '{ a { n } }')).toEqual([])
    expect(errors(1, '{ a { n } }')).toEqual([
      'The GraphQL document has an execution depth of 2 which exceeds the max allowed execution depth of 1.',
    ])
    expect(errors(3, '{ a { b { c { n } } } }')).toEqual([
      'The GraphQL document has an execution depth of 4 which exceeds the max allowed execution depth of 3.',
    ])
  })

  it('follows fragments and inline fragments', () => {
    expect(errors(2, '{ a { ...F } } fragment F on A { b { n } }')).toHaveLength(1)
    expect(errors(2, '{ a { ... on A { b { n } } } }')).toHaveLength(1)
    expect(errors(3, '{ a { ...F } } fragment F on A { b { n } }')).toEqual([])
  })

  it('exempts introspection fields', () => {
    expect(errors(1, '{ __schema { queryType { fields { name } } } }')).toEqual([])
    expect(errors(1, '{ a { __typename } }')).toEqual([])
    expect(errors(1, '{ a { n __typename } }')).toHaveLength(1)
  })
})
