import { describe, expect, it } from 'vitest'
import { describeValue } from './describe-value.js'
import { exceedsDepth } from './exceeds-depth.js'

function nested(depth: number): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = { a: [value] }
  return value
}

describe('describeValue and exceedsDepth', () => {
  it('describe any value briefly, however deep, without overflowing the stack', () => {
    expect(describeValue('abc')).toBe('"abc"')
    expect(describeValue(12n)).toBe('12')
    expect(describeValue({ a: [1, { b: [2] }] })).toBe('{"a":[1,{"b":[…]}]}')
    expect(describeValue(nested(100_000))).toBe('{"a":[{"a":[…]}]}')
    expect(describeValue('x'.repeat(100))).toHaveLength(60)
  })

  it('measure nesting iteratively', () => {
    expect(exceedsDepth(nested(10), 20)).toBe(false)
    expect(exceedsDepth(nested(10), 19)).toBe(true)
    expect(exceedsDepth(nested(100_000), 64)).toBe(true)
    expect(exceedsDepth('text', 0)).toBe(false)
  })
})
