import { describe, expect, it } from 'vitest'
import { buildLikePattern, findLikePatternProblem } from './build-like-pattern.js'

function matches(pattern: string, text: string): boolean {
  return buildLikePattern(pattern).test(text)
}

describe("buildLikePattern (SQL LIKE, as SQL Server reads it with ESCAPE '\\')", () => {
  it('reads % as any run of characters and _ as exactly one', () => {
    expect(matches('%.%', 'dbo.books')).toBe(true)
    expect(matches('%.%', 'books')).toBe(false)
    expect(matches('dbo.%', 'dbo.')).toBe(true)
    expect(matches('dbo.b_oks', 'dbo.books')).toBe(true)
    expect(matches('dbo.b_oks', 'dbo.boooks')).toBe(false)
    expect(matches('%book%', 'dbo.audit_books_2024')).toBe(true)
  })

  it('matches the whole text, ignoring case (the default collation of SQL Server)', () => {
    expect(matches('dbo.Book', 'dbo.books')).toBe(false)
    expect(matches('DBO.%BOOK%', 'dbo.Books')).toBe(true)
    expect(matches('%', 'Ä.ö\nx')).toBe(true)
    expect(matches('ä.%', 'Ä.x')).toBe(true)
  })

  it('reads [set], [a-z] ranges and [^set] as one character', () => {
    expect(matches('dbo.[bc]ooks', 'dbo.cooks')).toBe(true)
    expect(matches('dbo.[bc]ooks', 'dbo.looks')).toBe(false)
    expect(matches('dbo.t[0-9]', 'dbo.t7')).toBe(true)
    expect(matches('dbo.t[^0-9]', 'dbo.t7')).toBe(false)
    expect(matches('dbo.t[^0-9]', 'dbo.tx')).toBe(true)
    expect(matches('x.[%_]', 'x.%')).toBe(true)
    expect(matches('x.[%_]', 'x.a')).toBe(false)
  })

  it('takes the character after a backslash literally', () => {
    expect(matches('dbo.a\\_b', 'dbo.a_b')).toBe(true)
    expect(matches('dbo.a\\_b', 'dbo.axb')).toBe(false)
    expect(matches('dbo.100\\%', 'dbo.100%')).toBe(true)
    expect(matches('dbo.\\[x]', 'dbo.[x]')).toBe(true)
    expect(matches('a\\\\b', 'a\\b')).toBe(true)
  })

  it('escapes regular-expression characters', () => {
    expect(matches('a.b+c(d)$', 'a.b+c(d)$')).toBe(true)
    expect(matches('a.b+', 'a.bb')).toBe(false)
    expect(matches('a.^', 'a.^')).toBe(true)
    expect(matches('my-schema.order-items', 'my-schema.order-items')).toBe(true)
    expect(matches('x.[a-]', 'x.-')).toBe(true)
  })
})

describe('findLikePatternProblem', () => {
  it('accepts well-formed patterns', () => {
    for (const pattern of ['%.%', 'dbo.[a-c]%', 'x.\\%', 'x.[^a]', '%'])
      expect(findLikePatternProblem(pattern), pattern).toBeUndefined()
  })

  it('names an unclosed [ and a trailing backslash', () => {
    expect(findLikePatternProblem('dbo.[abc')).toMatch(/unclosed '\['/)
    expect(findLikePatternProblem('dbo.x\\')).toMatch(/ends with the escape character/)
  })
})
