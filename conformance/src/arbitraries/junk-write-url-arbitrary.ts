import * as fc from 'fast-check'
import type { FixtureRow, NeutralType } from '../fixture.js'
import type { RestRequest } from '../fixture-server.js'
import { buildKeyPath } from '../rest/key-path.js'
import { IF_MATCH_JUNK, NOT_JSON, NOT_OBJECT } from './junk-write-values.js'
import { createUnknownFieldArbitrary } from './unknown-field-arbitrary.js'
import {
  createTargetArbitrary,
  createValidEntriesArbitrary,
  objectText,
  type JunkWriteCase,
  type TableShape,
} from './junk-write-target.js'

/**
 * Broken URLs for any write method: a query string, a key value of the wrong type, an unknown or repeated key name,
 * a key missing or half given, POST with a key, DELETE of an absent row. DELETE also carries junk `If-Match` (which
 * has no effect on it) and junk bodies.
 */
export function createBadUrlArbitrary(shape: TableShape): fc.Arbitrary<JunkWriteCase> {
  const entity = `/api/${encodeURIComponent(shape.table.name)}`
  const keyPath = (key: FixtureRow): string =>
    buildKeyPath(
      shape.table.name,
      shape.key.map((c) => ({ column: c, value: key[c.name]! })),
    )
  const anyKey = createTargetArbitrary(shape).map((t) => t.key)
  const typed = shape.key.filter((c) => c.type !== 'text')
  const badValue: Readonly<Record<NeutralType, readonly string[]>> = {
    int: ['abc', '1.5', '2147483648', '1e3', '0x1', ' 1', '-'],
    bigint: ['9223372036854775808', 'x', '1.0'],
    date: ['2000-02-30', 'x', '20000101', '2000-01-01T00:00:00'],
    decimal: ['x'],
    text: [],
    boolean: ['maybe'],
    timestamp: ['x'],
  }
  const urls: fc.Arbitrary<{ path: string; defect: string; methods: readonly string[] }>[] = [
    fc
      .tuple(anyKey, fc.constantFrom('?x', '?$select=a', '?$filter=1 eq 1', '?=', '?&', '?$first=1'))
      .map(([key, query]) => ({
        path: `${keyPath(key)}${query}`,
        defect: `query string ${query}`,
        methods: ['PUT', 'PATCH', 'DELETE'],
      })),
    fc
      .constantFrom('?x', '?$first=1')
      .map((query) => ({ path: `${entity}${query}`, defect: `query string ${query}`, methods: ['POST'] })),
    anyKey.map((key) => ({ path: keyPath(key), defect: 'POST with a key in the URL', methods: ['POST'] })),
    fc.tuple(anyKey, fc.nat()).map(([key, i]) => {
      const column = shape.key[i % shape.key.length]!
      return {
        path: `${keyPath(key)}/${encodeURIComponent(column.name)}/${encodeURIComponent(String(key[column.name]))}`,
        defect: `key ${column.name} given twice`,
        methods: ['PUT', 'PATCH', 'DELETE'],
      }
    }),
    fc
      .tuple(
        anyKey,
        createUnknownFieldArbitrary(shape.table.columns.map((c) => c.name)).filter(
          (n) => !/[/\\]/.test(n) && n !== '.' && n !== '..',
        ),
      )
      .map(([key, name]) => ({
        path: `${keyPath(key)}/${encodeURIComponent(name)}/1`,
        defect: `unknown key ${JSON.stringify(name)}`,
        methods: ['PUT', 'PATCH', 'DELETE'],
      })),
    fc.constant({ path: entity, defect: 'DELETE without a key', methods: ['DELETE'] }),
    createTargetArbitrary(shape)
      .filter((t) => t.kind === 'absent')
      .map((t) => ({ path: keyPath(t.key), defect: 'DELETE of an absent row', methods: ['DELETE'] })),
  ]
  if (shape.key.length > 1) {
    urls.push(
      fc.tuple(anyKey, fc.nat()).map(([key, i]) => {
        const kept = shape.key.filter((_, j) => j !== i % shape.key.length)
        return {
          path: buildKeyPath(
            shape.table.name,
            kept.map((c) => ({ column: c, value: key[c.name]! })),
          ),
          defect: 'DELETE with part of the key',
          methods: ['DELETE'],
        }
      }),
    )
  }
  if (typed.length > 0) {
    urls.push(
      fc.tuple(anyKey, fc.constantFrom(...typed)).chain(([key, column]) =>
        fc.constantFrom(...badValue[column.type]).map((bad) => ({
          path: buildKeyPath(
            shape.table.name,
            shape.key.map((c) => ({ column: c, value: c === column ? bad : key[c.name]! })),
          ),
          defect: `key ${column.name} = ${JSON.stringify(bad)}`,
          methods: ['PUT', 'PATCH', 'DELETE'],
        })),
      ),
    )
  }
  return fc
    .tuple(
      fc.oneof(...urls).chain((url) => fc.tuple(fc.constant(url), fc.constantFrom(...url.methods))),
      createTargetArbitrary(shape),
      fc.option(fc.constantFrom(...IF_MATCH_JUNK, '*'), { nil: undefined }),
      fc.option(fc.constantFrom(...NOT_JSON, ...NOT_OBJECT, '{}'), { nil: undefined }),
    )
    .chain(([[url, method], target, ifMatch, junkBody]) => {
      // PUT/PATCH/POST get a body they would otherwise accept (so the URL alone is at fault); DELETE gets junk.
      const body =
        method === 'DELETE' ? fc.constant(junkBody) : createValidEntriesArbitrary(shape, method, target).map(objectText)
      return body.map((text): JunkWriteCase => ({
        defect: url.defect,
        request: {
          method: method as RestRequest['method'],
          url: url.path,
          ...(text === undefined ? {} : { body: text }),
          ...(ifMatch === undefined || (method !== 'DELETE' && ifMatch !== '*')
            ? {}
            : { headers: { 'if-match': ifMatch } }),
        },
      }))
    })
}
