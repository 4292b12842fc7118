import { describe, expect, it } from 'vitest'
import type { AuthenticationProvider } from '../auth/authentication-provider.js'
import type { HttpRequest } from '../protocol/http.js'
import { ANONYMOUS_PRINCIPAL, type Principal, type RequestContext } from '../request/request-context.js'
import { RequestBudget } from '../request/request-budget.js'
import { createRequestContext, resolveRequestContext } from './create-request-context.js'
import type { Sluice } from './create-sluice.js'

const editor: Principal = { authenticated: true, roles: ['editor'], claims: {} }

/** The parts of a Sluice the context is built from: its authentication provider and three runtime settings. */
function sluiceWith(authentication: AuthenticationProvider): Sluice {
  return {
    authentication,
    config: {
      runtime: {
        host: { mode: 'production' },
        cache: { enabled: false },
        limits: { maxQueryCost: 10, maxStatementsPerRequest: 2 },
      },
    },
    log: undefined,
  } as unknown as Sluice
}

function request(headers: HttpRequest['headers'] = {}): HttpRequest {
  return { method: 'GET', path: '/api/Book', query: '', headers, body: undefined, protocol: 'http', host: 'localhost' }
}

const options = { requestId: 'r1' }

describe('resolveRequestContext', () => {
  it('answers without a promise when the provider does', () => {
    const context = resolveRequestContext(
      sluiceWith({ name: 'sync', authenticate: () => editor }),
      request({ 'x-ms-api-role': 'Editor' }),
      options,
    )
    expect(context).not.toBeInstanceOf(Promise)
    expect(context).toMatchObject({ requestId: 'r1', role: 'editor', principal: editor })
    expect((context as RequestContext).budget).toBeInstanceOf(RequestBudget)
  })

  it('answers with a promise when the provider needs I/O', async () => {
    const context = resolveRequestContext(
      sluiceWith({ name: 'async', authenticate: async () => ANONYMOUS_PRINCIPAL }),
      request(),
      options,
    )
    expect(context).toBeInstanceOf(Promise)
    expect(await context).toMatchObject({ role: 'anonymous' })
  })

  it('throws at once for a role the caller does not hold, and for a repeated role header', () => {
    const sluice = sluiceWith({ name: 'sync', authenticate: () => editor })
    expect(() => resolveRequestContext(sluice, request({ 'x-ms-api-role': 'admin' }), options)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_ROLE_NOT_HELD' }),
    )
    expect(() => resolveRequestContext(sluice, request({ 'x-ms-api-role': ['editor', 'editor'] }), options)).toThrow(
      expect.objectContaining({ code: 'SLUICE_ERR_ROLE_NOT_HELD' }),
    )
  })
})

describe('createRequestContext', () => {
  it('always answers with a promise, and rejects (never throws) a coded error', async () => {
    const sluice = sluiceWith({ name: 'sync', authenticate: () => editor })
    const context = createRequestContext(sluice, request(), options)
    expect(context).toBeInstanceOf(Promise)
    expect(await context).toMatchObject({ role: 'authenticated' })
    await expect(createRequestContext(sluice, request({ 'x-ms-api-role': 'admin' }), options)).rejects.toMatchObject({
      code: 'SLUICE_ERR_ROLE_NOT_HELD',
    })
  })
})
