import { describe, expect, it } from 'vitest'
import { splitPageJson } from './split-page-json.js'

const page = (n: number): string => `[${Array.from({ length: n }, (_, i) => `{"i":${i + 1},"s":"a,\\n b"}`).join(', \n ')}]`

describe('splitPageJson', () => {
  it('keeps a page with at most limit elements', () => {
    expect(splitPageJson(page(3), 3)).toEqual({ json: page(3), more: false, lastElement: undefined })
    expect(splitPageJson(page(1), 1)).toEqual({ json: page(1), more: false, lastElement: undefined })
  })

  it('cuts the extra element and returns the last kept one', () => {
    expect(splitPageJson(page(4), 3)).toEqual({ json: page(3), more: true, lastElement: '{"i":3,"s":"a,\\n b"}' })
    expect(splitPageJson(page(2), 1)).toEqual({ json: page(1), more: true, lastElement: '{"i":1,"s":"a,\\n b"}' })
  })
})
