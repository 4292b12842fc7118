import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createSluice,
  parseConfig,
  silentLogger,
  type DialectPlugin,
  type Driver,
  type Introspector,
  type Logger,
} from '@sluice/core'
import { pglitePlugin } from '@sluice/plugin-pglite'
import { createServer, type SluiceServer } from '../src/index.js'
import { defaultPlugins } from '../src/default-plugins.js'
import { callOk } from './support/mcp-client.js'

/**
 * `autoentities` over HTTP on PGlite: tables of the `shop` schema become entities by Data API builder's default name
 * pattern, and then behave like configured ones on every protocol — REST, GraphQL, MCP, OpenAPI, /health — with the
 * definition's permissions and template. (Every engine runs the conformance suite's `autoentities.*` scenarios.)
 */
const dir = mkdtempSync(join(tmpdir(), 'sluice-autoentities-'))
writeFileSync(
  join(dir, 'seed.sql'),
  `
  create schema shop;
  create table shop.products (id int primary key, name text not null, price numeric(10,2));
  create table shop."Order Items" (id int primary key, product_id int references shop.products (id), qty int not null);
  create table shop.audit (at timestamptz, note text);
  create table shop.knex_migrations (id int primary key, name text);
  create view shop.cheap_products as select * from shop.products where price < 5;
  create table books (id int primary key, title text not null);
  create schema odd;
  create table odd."bad-name" (id int primary key);
  insert into shop.products values (1, 'Pen', 2.50), (2, 'Lamp', 30.00);
  insert into shop."Order Items" values (10, 1, 3);
  insert into books values (1, 'Dune');
`,
)

const READ = [{ role: 'anonymous', actions: ['read'] }]

function buildConfig(change: (json: Record<string, any>) => void = () => undefined) {
  const json: Record<string, any> = {
    'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
    runtime: { host: { mode: 'development' }, health: { 'cache-ttl-seconds': 0 } },
    entities: { Book: { source: 'books', permissions: READ } },
    autoentities: {
      shop: {
        patterns: { include: ['shop.%'] },
        template: { mcp: true },
        permissions: [
          { role: 'anonymous', actions: ['read'] },
          { role: 'editor', actions: ['*'] },
        ],
      },
      catalog: {
        patterns: { include: ['public.books'], name: 'catalog_{object}' },
        template: { rest: { enabled: false } },
        permissions: READ,
      },
    },
  }
  change(json)
  return parseConfig(json, { baseDir: dir, env: {} })
}

async function request(
  server: SluiceServer,
  url: string,
  options: { method?: 'GET' | 'POST'; role?: string; payload?: unknown } = {},
) {
  const response = await server.app.inject({
    method: options.method ?? 'GET',
    url,
    headers: {
      ...(options.role === undefined ? {} : { 'x-ms-api-role': options.role }),
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  })
  return {
    status: response.statusCode,
    text: response.body,
    body: response.body === '' ? undefined : JSON.parse(response.body),
  }
}

/** A dialect plugin whose introspectors are replaced by `wrap` (given the original, its driver and the factory). */
function withIntrospector(
  plugin: DialectPlugin,
  wrap: (introspector: Introspector, driver: Driver, create: (driver: Driver) => Introspector) => Introspector,
): DialectPlugin {
  return {
    ...plugin,
    createDialect(source, context) {
      const dialect = plugin.createDialect(source, context)
      return {
        family: dialect.family,
        variant: dialect.variant,
        capabilities: dialect.capabilities,
        createDriver: () => dialect.createDriver(),
        createCompiler: () => dialect.createCompiler(),
        classifyError: (error) => dialect.classifyError(error),
        createIntrospector: (driver) =>
          wrap(dialect.createIntrospector(driver), driver, (d) => dialect.createIntrospector(d)),
      }
    },
  }
}

function collectingLogger(warnings: string[], infos: string[] = []): Logger {
  const log: Logger = {
    ...silentLogger,
    warn: (message: object | string) => {
      warnings.push(String(message))
    },
    info: (message: object | string) => {
      infos.push(String(message))
    },
    child: () => log,
  }
  return log
}

describe('autoentities on PGlite', () => {
  let server: SluiceServer
  let address: string
  beforeAll(async () => {
    server = await createServer({ config: buildConfig(), logger: false })
    address = await server.listen(0, '127.0.0.1')
  })
  afterAll(() => server.close())

  it('generates {schema}_{object} entities for the tables with a primary key, camel-joining names with spaces', () => {
    const generated = [...server.sluice.config.entities.values()]
      .filter((e) => e.autoentity !== undefined)
      .map((e) => [e.name, e.autoentity, e.source.object])
    expect(generated).toEqual([
      ['shop_OrderItems', 'shop', '"shop"."Order Items"'],
      ['shop_products', 'shop', '"shop"."products"'],
      ['catalog_books', 'catalog', '"public"."books"'],
    ])
    expect([...server.sluice.model.entities.keys()]).toEqual([
      'Book',
      'shop_OrderItems',
      'shop_products',
      'catalog_books',
    ])
  })

  it("serves generated entities over REST with the definition's permissions", async () => {
    const list = await request(server, '/api/shop_products?$orderby=id')
    expect(list.status, list.text).toBe(200)
    expect(list.body.value).toEqual([
      { id: 1, name: 'Pen', price: 2.5 },
      { id: 2, name: 'Lamp', price: 30 },
    ])
    expect((await request(server, '/api/shop_OrderItems/id/10')).body.value).toEqual([
      { id: 10, product_id: 1, qty: 3 },
    ])
    expect(
      (await request(server, '/api/shop_products', { method: 'POST', payload: { id: 3, name: 'Cup' } })).status,
    ).toBe(403)
    const created = await request(server, '/api/shop_products', {
      method: 'POST',
      role: 'editor',
      payload: { id: 3, name: 'Cup' },
    })
    expect(created.status, created.text).toBe(201)
    for (const absent of [
      '/api/shop_audit',
      '/api/shop_knex_migrations',
      '/api/shop_cheap_products',
      '/api/catalog_books',
    ]) {
      expect((await request(server, absent)).status, absent).toBe(404)
    }
  })

  it('serves them over GraphQL, REST-disabled ones included', async () => {
    const query = '{ shop_products(orderBy: { id: ASC }) { items { id name } } catalog_books { items { title } } }'
    const reply = await request(server, '/graphql', { method: 'POST', payload: { query } })
    expect(reply.body.errors, reply.text).toBeUndefined()
    expect(reply.body.data.shop_products.items.slice(0, 2)).toEqual([
      { id: 1, name: 'Pen' },
      { id: 2, name: 'Lamp' },
    ])
    expect(reply.body.data.catalog_books.items).toEqual([{ title: 'Dune' }])
  })

  it('lists them in OpenAPI (REST-enabled ones only) and checks them in /health', async () => {
    const openapi = await request(server, '/api/openapi')
    expect(Object.keys(openapi.body.paths)).toEqual(expect.arrayContaining(['/shop_products', '/shop_OrderItems']))
    expect(Object.keys(openapi.body.paths).some((path) => path.startsWith('/catalog_books'))).toBe(false)
    const health = await request(server, '/health', { role: 'authenticated' })
    const names = (health.body.checks as { name: string }[]).map((check) => check.name)
    expect(names).toEqual(expect.arrayContaining(['shop_products', 'shop_OrderItems', 'catalog_books']))
  })

  it('offers them to MCP agents', async () => {
    const client = new Client({ name: 'sluice-test', version: '1.0.0' })
    await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', address)))
    try {
      const described = await callOk(client, 'describe_entities')
      expect(described.entities.map((e: { name: string }) => e.name)).toEqual(
        expect.arrayContaining(['shop_products', 'catalog_books']),
      )
      const read = await callOk(client, 'read_records', { entity: 'shop_OrderItems' })
      expect(read.result.value).toEqual([{ id: 10, product_id: 1, qty: 3 }])
    } finally {
      await client.close()
    }
  })
})

describe('autoentities start-up', () => {
  it('logs what each definition generated, and warns about a definition that generates nothing', async () => {
    const warnings: string[] = []
    const infos: string[] = []
    const sluice = await createSluice({
      config: buildConfig((json) => {
        json['autoentities'].none = { patterns: { include: ['archive.%', 'shop.audit'] }, permissions: READ }
      }),
      plugins: defaultPlugins(),
      log: collectingLogger(warnings, infos),
    })
    await sluice.close()
    expect(infos).toEqual(
      expect.arrayContaining([
        'autoentities.shop generated 2 entities: shop_OrderItems, shop_products',
        'autoentities.catalog generated 1 entity: catalog_books',
      ]),
    )
    expect(warnings).toContain(
      'autoentities.none: no table matches its patterns; it generates no entities. Matching tables without a primary key are never generated: shop.audit.',
    )
  })

  it('refuses a generated name that an entity of the config already has, and a REST path clash', async () => {
    const config = buildConfig((json) => {
      json['entities'].shop_products = { source: 'books', permissions: READ }
      json['entities'].Other = { source: 'books', rest: { path: 'shop_OrderItems' }, permissions: READ }
    })
    await expect(createSluice({ config, plugins: defaultPlugins() })).rejects.toThrow(
      'The configuration does not match the database (2 problem(s)):\n' +
        "  - autoentities.shop: the entity name 'shop_products' (from shop.products) is already taken by entity 'shop_products' of the config; skip the table with patterns.exclude or change patterns.name.\n" +
        "  - autoentities.shop: generated entity 'shop_OrderItems': REST path 'shop_OrderItems' is already used by entity 'Other'; skip its table with patterns.exclude, change patterns.name or set template.rest.enabled to false",
    )
  })

  it('refuses a generated entity GraphQL cannot name, saying how to fix the definition', async () => {
    const config = buildConfig((json) => {
      json['autoentities'] = { odd: { patterns: { include: ['odd.%'] }, permissions: READ } }
    })
    await expect(createServer({ config, logger: false })).rejects.toThrow(
      "entities.odd_bad-name (generated by autoentities.odd): the GraphQL singular type name 'odd_bad-name' is not a valid GraphQL name; skip its table with patterns.exclude, change patterns.name, or set template.graphql.enabled: false.",
    )
    const restOnly = buildConfig((json) => {
      json['autoentities'] = {
        odd: { patterns: { include: ['odd.%'] }, template: { graphql: { enabled: false } }, permissions: READ },
      }
    })
    const server = await createServer({ config: restOnly, logger: false })
    try {
      expect((await request(server, '/api/odd_bad-name')).status).toBe(200)
    } finally {
      await server.close()
    }
  })

  it('refuses autoentities on a dialect whose introspector cannot list tables, naming the data source', async () => {
    // PGlite with the optional Introspector.listTables taken away, as a third-party dialect may come.
    const withoutListing = withIntrospector(pglitePlugin(), (introspector) => ({
      introspect: (objects, options) => introspector.introspect(objects, options),
    }))
    const plugins = [withoutListing, ...defaultPlugins().filter((p) => (p as { kind?: string }).kind !== 'dialect')]
    await expect(createSluice({ config: buildConfig(), plugins })).rejects.toThrow(
      "autoentities.shop, autoentities.catalog: database-type 'pglite' cannot list its tables (its dialect has no Introspector.listTables), so autoentities cannot run on data source default.",
    )
  })

  it('reads the catalog in the same few queries whether a definition generates 2 entities or 40', async () => {
    const queries = async (tables: number): Promise<number> => {
      const sub = mkdtempSync(join(dir, 'many-'))
      writeFileSync(
        join(sub, 'seed.sql'),
        Array.from({ length: tables }, (_, i) => `create table t${i} (id int primary key, label text);`).join('\n'),
      )
      let count = 0
      const counting = withIntrospector(pglitePlugin(), (_, driver, create) =>
        create({
          ...driver,
          execute: (query, options) => {
            count++
            return driver.execute(query, options)
          },
        } as Driver),
      )
      const config = parseConfig(
        {
          'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
          autoentities: { all: { patterns: { include: ['public.%'] }, permissions: READ } },
        },
        { baseDir: sub, env: {} },
      )
      const sluice = await createSluice({ config, plugins: [counting] })
      expect(sluice.model.entities.size).toBe(tables)
      await sluice.close()
      return count
    }
    const few = await queries(2)
    expect(few).toBeLessThanOrEqual(4)
    expect(await queries(40)).toBe(few)
  })

  it('refuses to start when neither the config nor its definitions give any entity', async () => {
    const config = buildConfig((json) => {
      delete json['entities']
      json['autoentities'] = { none: { patterns: { include: ['archive.%'] }, permissions: READ } }
    })
    await expect(createSluice({ config, plugins: defaultPlugins() })).rejects.toThrow(
      'data source default: no entities found. At least one entity must be defined or generated by autoentities (none).',
    )
  })
})
