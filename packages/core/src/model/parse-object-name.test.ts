import { describe, expect, it } from 'vitest'
import { parseObjectName } from './parse-object-name.js'

describe('parseObjectName', () => {
  it.each([
    ['books', undefined, 'books'],
    ['dbo.books', 'dbo', 'books'],
    ['"My Schema"."My.Table"', 'My Schema', 'My.Table'],
    ['[dbo].[order items]', 'dbo', 'order items'],
    ['`db`.`t`', 'db', 't'],
    ['"a""b"', undefined, 'a"b'],
    [' public . books ', 'public', 'books'],
  ])('parses %s', (text, schema, name) => {
    expect(parseObjectName(text)).toEqual({ schema, name })
  })

  it.each(['', '.', 'a.', '.a', 'a.b.c', '"open', '"a"x'])('rejects %j', (text) => {
    expect(parseObjectName(text)).toBeUndefined()
  })
})
