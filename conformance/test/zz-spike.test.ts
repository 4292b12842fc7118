import { it } from 'vitest'
import { parseConfig } from '@sluice/core'
import { createServer, defaultPlugins } from '@sluice/server'
import { pglitePlugin, PGliteDriver, type PGliteLike } from '@sluice/plugin-pglite'

it('spike', async () => {
  let db: PGliteLike | undefined
  const t0 = Date.now()
  const driver = new PGliteDriver({ dataDir: undefined, initialize: async (d) => { db = d } })
  await driver.init()
  console.log('pglite up', Date.now() - t0)
  await db!.exec(`CREATE TABLE "items" ("id" integer primary key, "b" bigint, "d" numeric(10,2), "t" text, "f" boolean, "dt" date, "ts" timestamp, "order" text)`)
  await db!.query(`INSERT INTO "items" VALUES ($1,$2,$3,$4,$5,$6,$7,$8),(2,null,null,null,null,null,null,null)`, [1, '9223372036854775807', '12.50', "a'%_\\ b", true, '2000-02-29', '2000-01-01T10:11:12.5', 'x'])
  const config = parseConfig({ 'data-source': { 'database-type': 'pglite', 'connection-string': '' }, runtime: { host: { mode: 'production' } }, entities: { items: { source: { object: 'public.items', type: 'table' }, permissions: [{ role: 'anonymous', actions: ['read'] }] } } }, { baseDir: process.cwd() })
  for (let i = 0; i < 3; i++) {
    const t1 = Date.now()
    const server = await createServer({ config, logger: false, plugins: [pglitePlugin({ db: db! }), ...defaultPlugins().filter((p) => (p as { kind?: string }).kind === 'protocol')] })
    console.log('server up', Date.now() - t1)
    const r = await server.app.inject({ method: 'GET', url: '/api/items?$first=1&$orderby=ts desc' })
    console.log(r.statusCode, r.body)
    const n = JSON.parse(r.body).nextLink
    const r2 = await server.app.inject({ method: 'GET', url: n.replace(/^https?:\/\/[^/]+/, '') })
    console.log(r2.statusCode, r2.body)
    const r3 = await server.app.inject({ method: 'GET', url: '/api/items?$select=nope' })
    console.log(r3.statusCode, r3.body)
    const r4 = await server.app.inject({ method: 'GET', url: `/api/items?$filter=${encodeURIComponent("t eq 'x' and ts gt 2000-01-01 and dt eq '2000-02-29'")}` })
    console.log(r4.statusCode, r4.body)
    const t2 = Date.now()
    await server.close()
    console.log('closed', Date.now() - t2)
  }
  await driver.destroy()
})
