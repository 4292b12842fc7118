import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { useLibraryServer } from './support/library-test-server.js'

// One end-to-end run of the interactive browser as a person uses it: real headless Chromium (Debian's package),
// a real socket, "Try it out" and "Execute" on GET /Book, and the rows in the rendered response.
const CHROMIUM = '/usr/bin/chromium'
const available = existsSync(CHROMIUM)
// CI installs Chromium (.ci/run); there a missing browser is a failure, not a skip.
const runs = available || process.env['CI'] === 'true'

describe.runIf(runs)('Swagger UI in headless Chromium', () => {
  const server = useLibraryServer()
  let browser: Browser | undefined
  afterAll(async () => {
    await browser?.close()
  })

  it('runs "Try it out" on GET /Book and shows the rows', { timeout: 240_000 }, async () => {
    expect(available, `${CHROMIUM} is missing: apt-get install chromium`).toBe(true)
    const base = await server.server.listen(0, '127.0.0.1')
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    const page = await browser.newPage()
    // Generous waits: CI runs the whole suite on two cores beside this browser.
    page.setDefaultTimeout(90_000)
    const external: string[] = []
    page.on('request', (request) => {
      if (!request.url().startsWith(base)) external.push(request.url())
    })
    await page.goto(`${base}/swagger`)

    const operation = page.locator('#operations-Book-listBook')
    await operation.locator('.opblock-summary').click()
    await operation.getByRole('button', { name: 'Try it out' }).click()
    await operation.locator('tr[data-param-name="$first"] input').fill('3')
    await operation.getByRole('button', { name: 'Execute' }).click()

    const live = operation.locator('.live-responses-table')
    await expect
      .poll(async () => (await live.locator('tbody .response-col_status').first().textContent())?.trim(), {
        timeout: 90_000,
      })
      .toBe('200')
    const text = await live.locator('tbody .response-col_description pre').first().textContent()
    const body = JSON.parse(text ?? '') as { value: { id: number; title: string }[]; nextLink?: string }
    expect(body.value).toHaveLength(3)
    expect(body.value[0]).toMatchObject({ id: 1, title: 'The Quiet Harbour' })
    expect(body.nextLink).toContain('/api/Book?')
    // The request URL Swagger UI shows was built from the document's server and parameters.
    expect(await operation.locator('.request-url pre').textContent()).toBe(`${base}/api/Book?%24first=3`)
    expect(external, 'every request stays on this server (no CDN)').toEqual([])
  })
})
