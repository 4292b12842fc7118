import { fc, it } from '@fast-check/vitest'
import { describe, expect } from 'vitest'
import { jsonObjectMembers, jsonValueEnd } from './scan-json-text.js'

// Any JSON value, written compact or indented (as PostgreSQL's json functions space theirs), with keys and strings
// that hold quotes, backslashes and escapes.
const text = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, 2, '\t'))
  .map(([value, indent]) => JSON.stringify(value, null, indent))

describe('scanning JSON text', () => {
  it.prop([text])('finds where any value ends', (json) => {
    expect(jsonValueEnd(`${json} ,`, 0)).toBe(json.length)
  })

  it.prop([fc.dictionary(fc.string(), fc.jsonValue()), fc.constantFrom(undefined, 2)])(
    "reads an object's keys and the span of each value",
    (object, indent) => {
      const json = JSON.stringify(object, null, indent)
      const members = jsonObjectMembers(json, 0)
      expect(members.map((m) => m.key)).toEqual(Object.keys(object))
      // Through JSON on both sides: -0 is written as 0.
      for (const m of members)
        expect(JSON.parse(json.slice(m.valueStart, m.end))).toEqual(JSON.parse(JSON.stringify(object[m.key])))
    },
  )
})
