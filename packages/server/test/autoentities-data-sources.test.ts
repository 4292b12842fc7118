import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfigFile, silentLogger, type RuntimeConfig } from '@sluice/core'
import { createServer } from '../src/index.js'
import { serveSluice, type RunningService } from '../src/serve-sluice.js'

/**
 * `autoentities` with Data API builder's `data-source-files` and hot reload, on a real PostgreSQL and MariaDB: each
 * child file's definitions match only its own database's tables; a change to a file regenerates the entities (new
 * names served, old ones gone), and a table created since start-up is picked up on the next reload (the table list
 * is read again). Databases are created here and dropped afterwards; with CI=true an unreachable server fails.
 */
const PG_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
const MARIADB_URL = process.env['SLUICE_MARIADB_URL'] ?? 'mysql://root@127.0.0.1:3306/test'
const name = `sluice_ae_${randomBytes(5).toString('hex')}`
const dir = mkdtempSync(join(tmpdir(), 'sluice-autoentities-'))
const READ = [{ role: 'anonymous', actions: ['read'] }]

let pgAdmin: pg.Client | undefined
let pgData: pg.Client | undefined
let maria: mysql.Pool | undefined
let unavailable: string | undefined

function urlWith(base: string, database: string): string {
  const url = new URL(base)
  url.pathname = `/${database}`
  return url.toString()
}

function writeJson(file: string, json: unknown): string {
  writeFileSync(join(dir, file), JSON.stringify(json, null, 2))
  return join(dir, file)
}

function writeChildren(libraryName: string): void {
  writeJson('library.json', {
    'data-source': { 'database-type': 'postgresql', 'connection-string': urlWith(PG_URL, name) },
    autoentities: { library: { patterns: { include: ['public.%'], name: libraryName }, permissions: READ } },
  })
  writeJson('shop.json', {
    'data-source': { 'database-type': 'mysql', 'connection-string': urlWith(MARIADB_URL, name) },
    autoentities: {
      shop: { patterns: { include: ['%.%'], exclude: ['%.secret%'], name: 'shop_{object}' }, permissions: READ },
    },
  })
}

beforeAll(async () => {
  try {
    pgAdmin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 5_000 })
    await pgAdmin.connect()
    await pgAdmin.query(`CREATE DATABASE ${name}`)
    maria = mysql.createPool({ uri: MARIADB_URL, connectionLimit: 1, connectTimeout: 5_000 })
    await maria.query(`CREATE DATABASE \`${name}\``)
  } catch (error) {
    if (process.env['CI'] === 'true') throw error
    unavailable = `PostgreSQL or MariaDB unreachable: ${String(error)}`
    return
  }
  pgData = new pg.Client({ connectionString: urlWith(PG_URL, name) })
  await pgData.connect()
  await pgData.query(
    `CREATE TABLE books (id int PRIMARY KEY, title text NOT NULL); INSERT INTO books VALUES (1, 'Dune');`,
  )
  await maria.query(`CREATE TABLE \`${name}\`.customers (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL)`)
  await maria.query(`CREATE TABLE \`${name}\`.secrets (id INT PRIMARY KEY)`)
  await maria.query(`INSERT INTO \`${name}\`.customers VALUES (1, 'Ada')`)
  writeChildren('{object}')
  writeJson('dab-config.json', {
    'data-source-files': ['library.json', 'shop.json'],
    runtime: { host: { mode: 'production' } },
  })
})

afterAll(async () => {
  await pgData?.end()
  if (unavailable === undefined) {
    await pgAdmin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await maria?.query(`DROP DATABASE IF EXISTS \`${name}\``)
  }
  await pgAdmin?.end().catch(() => undefined)
  await maria?.end()
})

async function get(base: string, path: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      res.on('end', () => resolve({ status: res.statusCode!, body: text === '' ? undefined : JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 150; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`never happened: ${what}`)
}

describe('autoentities with data-source-files and hot reload', () => {
  it("generates each child file's entities from its own database, and regenerates them when a file changes or a table appears", async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    const root = join(dir, 'dab-config.json')
    const reload = (): RuntimeConfig => loadConfigFile(root, { env: {}, cwd: dir })
    const initial = reload()
    const service: RunningService = await serveSluice(initial, {
      port: 0,
      host: '127.0.0.1',
      log: silentLogger,
      create: (config) => createServer({ config, logger: false }),
      reload,
      files: [root, join(dir, 'library.json'), join(dir, 'shop.json')],
    })
    try {
      const sluice = service.front.current!.sluice
      expect([...sluice.config.entities.values()].map((e) => [e.name, e.dataSource, e.autoentity])).toEqual([
        ['books', 'library.json', 'library'],
        ['shop_customers', 'shop.json', 'shop'],
      ])
      expect((await get(service.address, '/api/books')).body.value).toEqual([{ id: 1, title: 'Dune' }])
      expect((await get(service.address, '/api/shop_customers')).body.value).toEqual([{ id: 1, name: 'Ada' }])
      expect((await get(service.address, '/api/shop_secrets')).status).toBe(404)

      // A new name pattern: the entities are generated again under the new names.
      writeChildren('lib_{object}')
      await eventually(async () => (await get(service.address, '/api/lib_books')).status === 200, 'lib_books is served')
      expect((await get(service.address, '/api/books')).status).toBe(404)

      // A table created since start-up: the next reload lists the tables again.
      await pgData!.query(
        `CREATE TABLE magazines (id int PRIMARY KEY, issue int); INSERT INTO magazines VALUES (7, 42);`,
      )
      writeChildren('lib_{object}')
      writeJson('dab-config.json', {
        'data-source-files': ['library.json', 'shop.json'],
        runtime: { host: { mode: 'production' }, rest: { path: '/api' } },
      })
      await eventually(
        async () => (await get(service.address, '/api/lib_magazines')).status === 200,
        'lib_magazines is served',
      )
      expect((await get(service.address, '/api/lib_magazines')).body.value).toEqual([{ id: 7, issue: 42 }])
    } finally {
      await service.close()
    }
  }, 60_000)

  it('refuses the same definition name in two files', async (context) => {
    if (unavailable !== undefined) return context.skip(unavailable)
    writeJson('twice-a.json', {
      'data-source': { 'database-type': 'postgresql', 'connection-string': urlWith(PG_URL, name) },
      autoentities: { all: { permissions: READ } },
    })
    writeJson('twice-b.json', {
      'data-source': { 'database-type': 'mysql', 'connection-string': urlWith(MARIADB_URL, name) },
      autoentities: { all: { permissions: READ } },
    })
    const root = writeJson('twice.json', { 'data-source-files': ['twice-a.json', 'twice-b.json'] })
    expect(() => loadConfigFile(root, { env: {}, cwd: dir })).toThrow(
      "data-source-files[1].autoentities.all: autoentities definition 'all' is already defined by twice-a.json; definition names must be unique across data-source-files (in twice-b.json)",
    )
  })
})
