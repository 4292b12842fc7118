import { describe, expect, it } from 'vitest'
import { withRepeatedHeaders } from './http-adapter.js'

describe('withRepeatedHeaders', () => {
  it('keeps the headers as they are when none is repeated', () => {
    const headers = { host: 'a', 'x-ms-api-role': 'editor, admin' }
    expect(withRepeatedHeaders(headers, ['Host', 'a', 'X-MS-API-ROLE', 'editor, admin'])).toBe(headers)
  })

  it('turns a header sent more than once into the array of its values, whatever the case of its name', () => {
    const headers = { host: 'a', 'x-ms-api-role': 'authenticated, anonymous' }
    const raw = ['Host', 'a', 'X-MS-API-ROLE', 'authenticated', 'x-ms-api-role', 'anonymous']
    expect(withRepeatedHeaders(headers, raw)).toEqual({ host: 'a', 'x-ms-api-role': ['authenticated', 'anonymous'] })
  })
})
