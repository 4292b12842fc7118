import { describe, expect, it } from 'vitest'
import { splitRestPath } from './split-rest-path.js'

const invalid = (detail: RegExp) =>
  expect.objectContaining({
    code: 'SLUICE_ERR_INVALID_PATH',
    params: expect.objectContaining({ detail: expect.stringMatching(detail) }),
  })

describe('splitRestPath', () => {
  it('splits below the prefix, ignoring leading slashes and one trailing slash', () => {
    expect(splitRestPath('/Book/id/42')).toEqual(['Book', 'id', '42'])
    expect(splitRestPath('//Book/id/42/')).toEqual(['Book', 'id', '42'])
    expect(splitRestPath('/Book/id//')).toEqual(['Book', 'id', ''])
    expect(splitRestPath('/')).toEqual([])
    expect(splitRestPath('')).toEqual([])
    expect(splitRestPath('//')).toEqual([])
  })

  it('decodes percent-encoded segments, and only those', () => {
    expect(splitRestPath('/Book/title/caf%C3%A9%20noir')).toEqual(['Book', 'title', 'café noir'])
    expect(splitRestPath('/Book/title/a+b')).toEqual(['Book', 'title', 'a+b'])
  })

  it('refuses what could smuggle another path past routing', () => {
    expect(() => splitRestPath('/Book/../Secret')).toThrow(invalid(/'\.\.' segments/))
    expect(() => splitRestPath('/Book/./id/1')).toThrow(invalid(/'\.\.' segments/))
    expect(() => splitRestPath('/Book/%2e%2e/Secret')).toThrow(invalid(/'\.\.' segments/))
    expect(() => splitRestPath('/Book/%2E')).toThrow(invalid(/'\.\.' segments/))
    expect(() => splitRestPath('/Book\\id/1')).toThrow(invalid(/backslashes/))
    expect(() => splitRestPath('/Book/%2Fetc')).toThrow(invalid(/separators/))
    expect(() => splitRestPath('/Book/%5cetc')).toThrow(invalid(/separators/))
    expect(() => splitRestPath('/Book/id/%E0%A4%A')).toThrow(invalid(/malformed/))
    expect(() => splitRestPath('/Book/id/%zz')).toThrow(invalid(/malformed/))
  })
})
