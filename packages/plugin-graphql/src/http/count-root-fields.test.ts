import { parse } from 'graphql'
import { describe, expect, it } from 'vitest'
import { countRootFields } from './count-root-fields.js'

describe('countRootFields', () => {
  it("counts the chosen operation's root fields through fragments, each fragment once, without introspection", () => {
    const document = parse(`
      query A { a: books { items { id } } b: books { items { id } } ...F ...F ... on Query { c: book_by_pk(id: 1) { id } } __typename }
      query B { one: books { items { id } } }
      fragment F on Query { d: books { items { id } } e: books { items { id } } }`)
    expect(countRootFields(document, 'A')).toBe(5)
    expect(countRootFields(document, 'B')).toBe(1)
    // No operation chosen (two without a name): validation reports it; nothing to count.
    expect(countRootFields(document, undefined)).toBe(0)
  })
})
