import { describe, expect, it } from 'vitest'
import { httpRequest } from '../test/support/http-request.js'
import { readBearerToken } from './read-bearer-token.js'

describe('readBearerToken', () => {
  it.each([
    [{}, undefined],
    [{ authorization: 'Bearer abc.def.ghi' }, 'abc.def.ghi'],
    [{ authorization: 'bearer   abc ' }, 'abc'],
    [{ authorization: 'BEARER abc' }, 'abc'],
    [{ authorization: 'Bearer' }, undefined],
    [{ authorization: 'Bearer    ' }, undefined],
    [{ authorization: 'Basic dXNlcjpwYXNz' }, undefined],
    [{ authorization: 'Bearerabc' }, undefined],
    [{ authorization: ['Bearer abc'] }, 'abc'],
  ])('%j → %s', (headers, token) => {
    expect(readBearerToken(httpRequest(headers))).toBe(token)
  })

  it('refuses two Authorization headers with 401 invalid_token', () => {
    expect(() => readBearerToken(httpRequest({ authorization: ['Bearer a', 'Bearer b'] }))).toThrow(
      expect.objectContaining({
        status: 401,
        code: 'SLUICE_ERR_INVALID_TOKEN',
        params: expect.objectContaining({ challenge: 'Bearer error="invalid_token"' }),
      }),
    )
  })
})
