import { describe, expect, it } from 'vitest'
import { createConfigReport } from '../config/config-report.js'
import { normalizeAutoentity } from '../config/normalize-autoentity.js'
import { normalizeEntity } from '../config/normalize-entity.js'
import type { TableListing } from './database-metadata.js'
import { generateAutoentities, joinWhitespace } from './generate-autoentities.js'
import { parseObjectName } from './parse-object-name.js'

const READ = [{ role: 'anonymous', actions: ['read'] }]

function table(schema: string, name: string, hasPrimaryKey = true): TableListing {
  return { name: { schema, name }, hasPrimaryKey }
}

function define(name: string, raw: Record<string, unknown> = {}) {
  return normalizeAutoentity(name, { permissions: READ, ...raw }, 'default')
}

const TABLES = [
  table('public', 'books'),
  table('public', 'authors'),
  table('sales', 'orders'),
  table('sales', 'order_lines'),
  table('public', 'events', false),
  table('public', 'knex_migrations'),
  table('public', '__EFMigrationsHistory'),
]

describe('generateAutoentities', () => {
  it('generates one table entity per matching table with a primary key, named {schema}_{object}, in schema and name order', () => {
    const { entities, problems, warnings } = generateAutoentities([define('all')], TABLES, new Map())
    expect(problems).toEqual([])
    expect(warnings).toEqual([])
    expect(entities.map((e) => [e.name, e.source.object])).toEqual([
      ['public_authors', '"public"."authors"'],
      ['public_books', '"public"."books"'],
      ['sales_order_lines', '"sales"."order_lines"'],
      ['sales_orders', '"sales"."orders"'],
    ])
    expect(entities[0]).toEqual({
      name: 'public_authors',
      dataSource: 'default',
      autoentity: 'all',
      description: undefined,
      source: { object: '"public"."authors"', type: 'table', parameters: [] },
      fields: [],
      rest: { enabled: true, path: undefined, methods: undefined },
      graphql: {
        enabled: true,
        singular: undefined,
        plural: undefined,
        operation: undefined,
        subscription: { enabled: false, events: [] },
      },
      permissions: [{ role: 'anonymous', actions: [{ action: 'read', fields: undefined, policy: undefined }] }],
      relationships: new Map(),
      cache: { enabled: undefined, ttlSeconds: undefined, level: undefined },
      mcp: { dmlTools: true, customTool: false },
      health: { enabled: true, first: 100, thresholdMs: 1000 },
    })
  })

  it('applies the template and the permissions of the definition', () => {
    const definition = define('ro', {
      patterns: { include: ['public.b%'] },
      template: {
        rest: { enabled: false },
        graphql: { enabled: false },
        mcp: false,
        health: { enabled: false },
        cache: { enabled: true, 'ttl-seconds': 9, level: 'L1' },
      },
      permissions: [{ role: 'reader', actions: '*' }],
    })
    const [entity] = generateAutoentities([definition], TABLES, new Map()).entities
    expect(entity).toMatchObject({
      name: 'public_books',
      rest: { enabled: false },
      graphql: { enabled: false },
      mcp: { dmlTools: false, customTool: false },
      health: { enabled: false, first: 100, thresholdMs: 1000 },
      cache: { enabled: true, ttlSeconds: 9, level: 'L1' },
      permissions: [{ role: 'reader', actions: [{ action: '*', fields: undefined, policy: undefined }] }],
    })
  })

  it('keeps tables matching an include pattern and no exclude pattern, ignoring case', () => {
    const definition = define('sales', {
      patterns: { include: ['SALES.%', 'public.book_'], exclude: ['%LINE%'], name: '{object}' },
    })
    expect(generateAutoentities([definition], TABLES, new Map()).entities.map((e) => e.name)).toEqual([
      'books',
      'orders',
    ])
  })

  it('removes whitespace from names, upper-casing the character after it (as Data API builder)', () => {
    expect(joinWhitespace('dbo_Order Items')).toBe('dbo_OrderItems')
    expect(joinWhitespace('Extra     order\titems')).toBe('ExtraOrderItems')
    const tables = [table('dbo', 'order items'), table('dbo', 'x y.z"w')]
    const { entities } = generateAutoentities([define('d', { patterns: { name: '{object}' } })], tables, new Map())
    expect(entities.map((e) => [e.name, e.source.object])).toEqual([
      ['orderItems', '"dbo"."order items"'],
      ['xY.z"w', '"dbo"."x y.z""w"'],
    ])
    for (const entity of entities)
      expect(parseObjectName(entity.source.object)).toEqual({
        schema: 'dbo',
        name: entity.source.object === '"dbo"."order items"' ? 'order items' : 'x y.z"w',
      })
  })

  it('reports every name collision with an entity of the config or another generated one', () => {
    const definitions = [
      define('a', { patterns: { include: ['%.orders', '%.books'], name: '{object}' } }),
      define('b', { patterns: { include: ['public.books'], name: '{object}' } }),
    ]
    const tables = [...TABLES, table('archive', 'orders')]
    const { problems } = generateAutoentities(
      definitions,
      tables,
      new Map([
        ['books', normalizeEntity('books', { source: 'books', permissions: READ }, createConfigReport(), 'default')],
      ]),
    )
    expect(problems).toEqual([
      "autoentities.a: the entity name 'books' (from public.books) is already taken by entity 'books' of the config; skip the table with patterns.exclude or change patterns.name.",
      "autoentities.a: the entity name 'orders' (from sales.orders) is already generated from archive.orders by autoentities.a; skip one table with patterns.exclude or change patterns.name.",
      "autoentities.b: the entity name 'books' (from public.books) is already taken by entity 'books' of the config; skip the table with patterns.exclude or change patterns.name.",
    ])
  })

  it('warns about a definition that generates nothing, naming matching tables skipped for lack of a primary key', () => {
    const { entities, warnings } = generateAutoentities(
      [define('none', { patterns: { include: ['nope.%'] } }), define('ev', { patterns: { include: ['%.events'] } })],
      TABLES,
      new Map(),
    )
    expect(entities).toEqual([])
    expect(warnings).toEqual([
      'autoentities.none: no table matches its patterns; it generates no entities.',
      'autoentities.ev: no table matches its patterns; it generates no entities. Matching tables without a primary key are never generated: public.events.',
    ])
  })

  it('never generates migration-history tables, whatever the patterns say', () => {
    const { entities } = generateAutoentities(
      [define('m', { patterns: { include: ['%migration%'] } })],
      TABLES,
      new Map(),
    )
    expect(entities).toEqual([])
  })
})
