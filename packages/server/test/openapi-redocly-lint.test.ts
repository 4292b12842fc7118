import { readFileSync } from 'node:fs'
import { createConfig, lintFromString, type Config } from '@redocly/openapi-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { useLibraryServer, type LibraryTestServer } from './support/library-test-server.js'
import { jwtRuntime } from './support/jwt-helpers.js'

// Redocly's `recommended` ruleset is what `redocly lint` applies by default, and what API portals and CI pipelines
// run on a published document: every problem it reports, warnings included, is one a user of the document sees.
let recommended: Config
beforeAll(async () => {
  recommended = await createConfig({ extends: ['recommended'] })
})

/** Redocly's problems with the document at `url`, one line each (`severity rule: message at pointer`). */
async function lint(server: LibraryTestServer, url: string): Promise<string[]> {
  const response = await server.request(url)
  expect(response.status).toBe(200)
  const problems = await lintFromString({ source: response.text, absoluteRef: `${url}.json`, config: recommended })
  return problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)
}

describe('the OpenAPI documents pass `redocly lint` (recommended rules) without a problem', () => {
  describe('the library sample (no authentication provider: development role simulation)', () => {
    const server = useLibraryServer()

    it.each(['/api/openapi', '/api/openapi/authenticated', '/api/openapi/editor'])('%s', async (url) => {
      expect(await lint(server, url)).toEqual([])
    })

    it('requires no credentials: the documents declare no security scheme and an empty security requirement', async () => {
      for (const url of ['/api/openapi', '/api/openapi/editor']) {
        const { body } = await server.request(url)
        expect(body.security).toEqual([])
        expect(body.components.securitySchemes).toBeUndefined()
      }
    })

    it("names Sluice's license, as the workspace's package.json states it", async () => {
      const { license } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'))
      const { body } = await server.request('/api/openapi')
      expect(body.info.license).toEqual({ name: license, url: expect.stringMatching(/^https:\/\//) })
    })
  })

  describe('with a JWT provider', () => {
    const server = useLibraryServer({ runtime: jwtRuntime('development') })

    it.each(['/api/openapi', '/api/openapi/authenticated', '/api/openapi/editor'])('%s', async (url) => {
      expect(await lint(server, url)).toEqual([])
    })

    it("a role's document requires a bearer token; the anonymous document requires nothing", async () => {
      const role = await server.request('/api/openapi/editor')
      expect(role.body.security).toEqual([{ bearerAuth: [] }])
      expect(role.body.components.securitySchemes).toEqual({
        bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      })
      const anonymous = await server.request('/api/openapi')
      expect(anonymous.body.security).toEqual([])
      expect(anonymous.body.components.securitySchemes).toBeUndefined()
    })
  })
})
