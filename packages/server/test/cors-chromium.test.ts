import { existsSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLibraryServer } from './support/library-test-server.js'
import type { SluiceServer } from '../src/index.js'

// Cross-origin calls as a browser makes them: real headless Chromium (Debian's package) loads a page from another
// origin (its own small HTTP server) and calls Sluice with fetch. Custom headers and JSON bodies force preflights.
const CHROMIUM = '/usr/bin/chromium'
const available = existsSync(CHROMIUM)
// CI installs Chromium (.ci/run); there a missing browser is a failure, not a skip.
const runs = available || process.env['CI'] === 'true'

interface FetchOutcome {
  readonly ok: boolean
  readonly status?: number
  readonly body?: string
  readonly correlationId?: string | null
  readonly location?: string | null
  readonly error?: string
}

/** A page server: one empty HTML page, so the page's origin is http://127.0.0.1:<its port>. */
async function startPageServer(): Promise<{ server: Server; origin: string }> {
  const server = createHttpServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>client</title>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

/** Runs fetch in the page and reports what the page's script could see. */
function fetchFromPage(
  page: Page,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; credentials?: 'include' | 'omit' },
): Promise<FetchOutcome> {
  return page.evaluate(
    async ({ url, init }) => {
      try {
        const response = await fetch(url, init)
        return {
          ok: true,
          status: response.status,
          body: await response.text(),
          correlationId: response.headers.get('x-ms-correlation-id'),
          location: response.headers.get('location'),
        }
      } catch (error) {
        return { ok: false, error: String(error) }
      }
    },
    { url, init },
  )
}

describe.runIf(runs)('CORS in headless Chromium', () => {
  let sluice: SluiceServer | undefined
  let base = ''
  let browser: Browser | undefined
  const pages: Server[] = []
  let allowed: Page
  let blocked: Page

  beforeAll(async () => {
    expect(available, `${CHROMIUM} is missing: apt-get install chromium`).toBe(true)
    const allowedSite = await startPageServer()
    const blockedSite = await startPageServer()
    pages.push(allowedSite.server, blockedSite.server)
    sluice = await startLibraryServer({
      runtime: { host: { cors: { origins: [allowedSite.origin], 'allow-credentials': true } } },
    })
    base = await sluice.listen(0, '127.0.0.1')
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
    })
    allowed = await browser.newPage()
    await allowed.goto(allowedSite.origin)
    blocked = await browser.newPage()
    await blocked.goto(blockedSite.origin)
  }, 120_000)

  afterAll(async () => {
    await browser?.close()
    await sluice?.close()
    await Promise.all(pages.map((server) => new Promise((resolve) => server.close(resolve))))
  })

  it(
    'an allowed origin reads REST rows after a preflight, with credentials, and sees the correlation id',
    { timeout: 60_000 },
    async () => {
      const outcome = await fetchFromPage(allowed, `${base}/api/Book?$first=2`, {
        headers: { 'x-ms-api-role': 'anonymous' },
        credentials: 'include',
      })
      expect(outcome.error).toBeUndefined()
      expect(outcome.status).toBe(200)
      expect((JSON.parse(outcome.body!) as { value: unknown[] }).value).toHaveLength(2)
      expect(outcome.correlationId).toMatch(/^[0-9a-f-]{36}$/)
    },
  )

  it('an allowed origin runs a GraphQL query (JSON body: preflighted)', { timeout: 60_000 }, async () => {
    const outcome = await fetchFromPage(allowed, `${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ books(first: 1) { items { title } } }' }),
    })
    expect(outcome.status).toBe(200)
    expect(JSON.parse(outcome.body!)).toEqual({ data: { books: { items: [{ title: 'The Quiet Harbour' }] } } })
  })

  it('an allowed origin creates a record and reads its Location', { timeout: 60_000 }, async () => {
    const outcome = await fetchFromPage(allowed, `${base}/api/Publisher`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ms-api-role': 'authenticated' },
      body: JSON.stringify({ name: 'Browser Press' }),
    })
    expect(outcome.status, outcome.body).toBe(201)
    expect(outcome.location).toContain('/api/Publisher/id/')
  })

  it(
    'a disallowed origin is blocked by the browser, for simple and preflighted requests alike',
    { timeout: 60_000 },
    async () => {
      const simple = await fetchFromPage(blocked, `${base}/api/Book?$first=1`, {})
      expect(simple.ok).toBe(false)
      expect(simple.error).toMatch(/Failed to fetch/)
      const preflighted = await fetchFromPage(blocked, `${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ books(first: 1) { items { title } } }' }),
      })
      expect(preflighted.ok).toBe(false)
    },
  )
})
