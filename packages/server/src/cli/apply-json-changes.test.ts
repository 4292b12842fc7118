import { parse } from 'jsonc-parser'
import { describe, expect, it } from 'vitest'
import { applyJsonChanges, formatWhole } from './apply-json-changes.js'

function edit(text: string, change: (json: Record<string, any>) => void): string {
  const before = parse(text) as Record<string, any>
  const after = structuredClone(before)
  change(after)
  const result = applyJsonChanges(text, before, after)
  expect(parse(result)).toEqual(after)
  return result
}

describe('applyJsonChanges', () => {
  it('keeps comments, layout and untouched values as written', () => {
    const text =
      '{\n    // connection\n    "data-source": { "database-type": "pglite", "connection-string": "" },\n    "entities": {}\n}\n'
    const result = edit(text, (json) => {
      json['data-source']['connection-string'] = 'x'
    })
    expect(result).toBe(
      '{\n    // connection\n    "data-source": { "database-type": "pglite", "connection-string": "x" },\n    "entities": {}\n}\n',
    )
  })

  it("inserts a new key at Data API builder's place for it, indented like the file", () => {
    const text = '{\n  "entities": {\n    "Book": {\n      "source": "books",\n      "permissions": []\n    }\n  }\n}\n'
    const result = edit(text, (json) => {
      json.entities.Book.rest = { enabled: false }
    })
    expect(result).toBe(
      '{\n  "entities": {\n    "Book": {\n      "source": "books",\n      "rest": {\n        "enabled": false\n      },\n      "permissions": []\n    }\n  }\n}\n',
    )
  })

  it('puts runtime before entities and unknown keys last', () => {
    const text = '{\n  "data-source": {},\n  "entities": {}\n}'
    const result = edit(text, (json) => {
      json.runtime = { rest: { path: '/x' } }
      json['x-extra'] = 1
    })
    expect(Object.keys(parse(result))).toEqual(['data-source', 'runtime', 'entities', 'x-extra'])
  })

  it('removes keys, appends and drops array items, and replaces values of another kind', () => {
    const text = '{ "a": [1, 2, 3], "b": { "c": 1 }, "d": true, "e": "x" }'
    edit(text, (json) => {
      json.a = [1, 5]
      json.b = false
      delete json.d
    })
    edit(text, (json) => {
      json.a.push(4, 5)
      json.e = { f: [] }
    })
  })

  it('writes a whole document with a final newline', () => {
    expect(formatWhole({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n')
  })
})
