import { beforeAll, expect, it } from 'vitest'
import { qualifiedKey } from '@sluice/core/dialect'
import type { ObjectMetadata, SourceObject } from '@sluice/core/dialect'
import { PostgresIntrospector } from '../src/sql/postgres-introspector.js'
import type { IntrospectorTarget } from './introspector-cases.js'

const ROUTINES = [
  `CREATE TABLE shelf (id int PRIMARY KEY, label text, photo bytea)`,
  `CREATE DOMAIN positive AS integer CHECK (VALUE > 0)`,
  `CREATE FUNCTION by_label(lbl text, lim positive DEFAULT 10, tags text[] DEFAULT '{}') RETURNS TABLE (id int, label text)
     LANGUAGE sql AS $$ SELECT s.id, s.label FROM shelf s WHERE s.label = by_label.lbl LIMIT by_label.lim $$`,
  `CREATE FUNCTION all_shelves() RETURNS SETOF shelf LANGUAGE sql AS $$ SELECT * FROM shelf $$`,
  `CREATE FUNCTION shelf_count() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM shelf $$`,
  `CREATE FUNCTION stats(OUT total bigint, OUT newest int) LANGUAGE sql AS $$ SELECT count(*), max(id) FROM shelf $$`,
  `CREATE FUNCTION touch() RETURNS void LANGUAGE sql AS $$ SELECT 1 $$`,
  `CREATE FUNCTION anything() RETURNS SETOF record LANGUAGE sql AS $$ SELECT 1, 2 $$`,
  `CREATE FUNCTION twice(a int) RETURNS int LANGUAGE sql AS $$ SELECT a * 2 $$`,
  `CREATE FUNCTION twice(a text) RETURNS text LANGUAGE sql AS $$ SELECT a || a $$`,
  `CREATE FUNCTION nameless(int) RETURNS int LANGUAGE sql AS $$ SELECT $1 $$`,
  `CREATE FUNCTION many(VARIADIC xs int[]) RETURNS int LANGUAGE sql AS $$ SELECT cardinality(xs) $$`,
  `CREATE PROCEDURE add_shelf(new_id int, OUT added text, INOUT total bigint DEFAULT NULL) LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO shelf (id) VALUES (new_id); SELECT count(*) INTO total FROM shelf; added := 'yes'; END $$`,
  `CREATE PROCEDURE quiet(x int) LANGUAGE plpgsql AS $$ BEGIN END $$`,
  `CREATE AGGREGATE my_sum(int) (SFUNC = int4pl, STYPE = int)`,
]

const routine = (name: string, schema?: string): SourceObject => ({ name: { schema, name }, type: 'stored-procedure' })

/** How the PostgreSQL family introspects stored-procedure entities; call inside a `describe` (after its setup). */
export function defineRoutineIntrospectorCases(getTarget: () => IntrospectorTarget): void {
  const all = new Map<string, ObjectMetadata>()
  const names = [
    'by_label',
    'all_shelves',
    'shelf_count',
    'stats',
    'touch',
    'anything',
    'twice',
    'nameless',
    'many',
    'add_shelf',
    'quiet',
    'my_sum',
    'missing',
  ]
  const get = (name: string): ObjectMetadata | undefined => all.get(qualifiedKey({ schema: undefined, name }))

  beforeAll(async () => {
    const { driver } = getTarget()
    for (const sql of ROUTINES) await driver.execute({ sql, parameters: [] })
    // One query for all of them, together with a table, as start-up asks.
    const metadata = await new PostgresIntrospector(driver).introspect([
      ...names.map((n) => routine(n)),
      { name: { schema: undefined, name: 'shelf' }, type: 'table' },
    ])
    for (const [key, object] of metadata.objects) all.set(key, object)
  })

  it('reads a set-returning function: its inputs with defaults (domains as their base type) and its TABLE columns', () => {
    const f = get('by_label')!
    expect(f).toMatchObject({
      kind: 'stored-procedure',
      name: { schema: getTarget().schema, name: 'by_label' },
      routine: { type: 'function', resultDescribed: true },
    })
    expect(f.routine?.problem).toBeUndefined()
    expect(f.parameters).toEqual([
      { name: 'lbl', type: 'string', dbType: 'text', mode: 'in', hasDefault: false },
      { name: 'lim', type: 'int', dbType: 'positive', mode: 'in', hasDefault: true },
      { name: 'tags', type: 'array', dbType: 'text[]', mode: 'in', hasDefault: true },
    ])
    expect(f.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'int'],
      ['label', 'string'],
    ])
  })

  it('describes composite, scalar, OUT-parameter and void results', () => {
    expect(get('all_shelves')!.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'int'],
      ['label', 'string'],
      ['photo', 'bytes'],
    ])
    expect(get('shelf_count')!.columns.map((c) => [c.name, c.type, c.dbType])).toEqual([
      ['shelf_count', 'long', 'bigint'],
    ])
    const stats = get('stats')!
    expect(stats.columns.map((c) => c.name)).toEqual(['total', 'newest'])
    expect(stats.parameters.map((p) => [p.name, p.mode])).toEqual([
      ['total', 'out'],
      ['newest', 'out'],
    ])
    expect(get('touch')!).toMatchObject({ columns: [], routine: { resultDescribed: true } })
  })

  it('reads a procedure: OUT and INOUT parameters are its one result row', () => {
    const p = get('add_shelf')!
    expect(p.routine).toEqual({ type: 'procedure', resultDescribed: true, problem: undefined })
    expect(p.parameters.map((x) => [x.name, x.mode, x.hasDefault])).toEqual([
      ['new_id', 'in', false],
      ['added', 'out', false],
      ['total', 'inout', true],
    ])
    expect(p.columns.map((c) => [c.name, c.type])).toEqual([
      ['added', 'string'],
      ['total', 'long'],
    ])
    expect(get('quiet')!).toMatchObject({ columns: [], routine: { type: 'procedure', resultDescribed: true } })
  })

  it('reports what cannot be published: an anonymous record result, overloads, unnamed and VARIADIC parameters', () => {
    expect(get('anything')!.routine).toMatchObject({
      resultDescribed: false,
      problem: expect.stringMatching(/returns record without OUT columns/),
    })
    expect(get('twice')!.routine?.problem).toMatch(/is overloaded \(2 signatures\)/)
    expect(get('nameless')!.routine?.problem).toMatch(/unnamed parameters/)
    expect(get('many')!.routine?.problem).toMatch(/VARIADIC parameter/)
  })

  it('leaves out aggregates and names it cannot find', () => {
    expect(get('my_sum')).toBeUndefined()
    expect(get('missing')).toBeUndefined()
    expect(all.get(qualifiedKey({ schema: undefined, name: 'shelf' }))?.kind).toBe('table')
  })
}
