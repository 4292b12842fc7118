import * as fc from 'fast-check'
import { findFixtureColumn, type FixtureColumn, type FixtureRow, type FixtureTable, type NeutralType } from '../fixture.js'
import type { RestRequest } from '../fixture-server.js'
import { buildKeyPath, isAddressableKeyValue, type KeyPart } from '../rest/key-path.js'
import { encodeJsonValue } from '../rest/write-body.js'
import { createColumnCellArbitrary } from './column-value-arbitrary.js'
import {
  BLANK, createNoisyText, hugeTextArbitrary, IF_MATCH_JUNK, NEAR_MISSES, NESTED, NOT_JSON, NOT_OBJECT, OVERSIZED, PROTOTYPE_NAMES, WRONG_VALUES,
} from './junk-write-values.js'
import { createUnknownFieldArbitrary } from './unknown-field-arbitrary.js'
import { createAddressableKeyValueArbitrary } from './writable-table-arbitrary.js'

/** One junk write: the request, and what makes it junk (for reports; huge bodies are shown cut short). */
export interface JunkWriteCase {
  readonly defect: string
  readonly request: RestRequest
  /** The status this junk must get (413 for a body over the server's limit, `SLUICE_ERR_PAYLOAD_TOO_LARGE`); otherwise any 4xx. */
  readonly status?: number
  /**
   * Set on writes whose only defect is a text key part of this many (noisy, incompressible) characters: only an
   * engine whose declared `limits.maxIndexedTextKeyLength` it exceeds must refuse them (4xx); elsewhere they may
   * succeed. Never a 5xx either way.
   */
  readonly keyLength?: number
}

/**
 * Junk writes against `table` (its entity has every action; `table.rows` are its contents). Every case must fail,
 * whatever the row's presence: bodies that are not JSON objects, bodies with one to three bad fields (unknown names,
 * wrong types, NULL for a non-nullable column, nested values, huge strings, key or generated fields where they do
 * not belong), `If-Match` values other than `*`, broken URLs (query strings, bad or unknown key values, POST with a
 * key, DELETE without one or of an absent row, also with junk bodies and `If-Match`), bodies over the
 * size limit, and key values longer than common index limits (`keyLength`: refused only where the engine declares
 * such a limit).
 */
export function createJunkWriteArbitrary(table: FixtureTable): fc.Arbitrary<JunkWriteCase> {
  const shape = describeTable(table)
  const target = createTargetArbitrary(shape)
  const method = fc.constantFrom('POST', 'PUT', 'PATCH') as fc.Arbitrary<'POST' | 'PUT' | 'PATCH'>
  const request = fc.tuple(method, target, fc.boolean()).map(([m, t, ifMatch]) => ({ method: m, target: t, ifMatch: m !== 'POST' && ifMatch }))

  const malformedBody = fc.tuple(request, fc.oneof(
    fc.constantFrom(...NOT_JSON),
    fc.string({ unit: 'binary', maxLength: 20 }).filter((text) => text.trim() !== '' && !parsesAsJson(text.replace(/^\ufeff/, ''))),
    fc.constantFrom(...NOT_OBJECT),
    fc.constantFrom(...BLANK),
  )).map(([r, body]): JunkWriteCase => ({
    defect: body === undefined || body.trim() === '' ? 'missing or blank body' : parsesAsJson(body) ? 'a JSON value that is not an object' : 'a body that is not JSON',
    request: toRequest(shape, r.method, r.target, body, r.ifMatch ? '*' : undefined),
  }))

  const badFields = request.chain((r) => fc.tuple(
    fc.constant(r),
    createValidEntriesArbitrary(shape, r.method, r.target),
    // Mostly one bad field, so that no other fault hides it; sometimes several.
    fc.oneof(
      { arbitrary: createBadEntryArbitrary(shape, r.method, r.target).map((entry) => [entry]), weight: 3 },
      { arbitrary: fc.array(createBadEntryArbitrary(shape, r.method, r.target), { minLength: 2, maxLength: 3 }), weight: 1 },
    ),
    fc.nat(),
  )).map(([r, valid, bad, at]): JunkWriteCase => {
    const entries = [...valid]
    for (const [i, entry] of bad.entries()) {
      const same = entries.findIndex(([name]) => name === entry.name)
      if (same >= 0) entries.splice(same, 1)
      entries.splice((at + i) % (entries.length + 1), 0, [entry.name, entry.json])
    }
    return { defect: bad.map((b) => b.defect).join('; '), request: toRequest(shape, r.method, r.target, objectText(entries), r.ifMatch ? '*' : undefined) }
  })

  const ifMatchJunk = fc.tuple(fc.constantFrom('PUT', 'PATCH') as fc.Arbitrary<'PUT' | 'PATCH'>, target).chain(([m, t]) => fc.tuple(
    fc.constant(m), fc.constant(t), createValidEntriesArbitrary(shape, m, t), fc.constantFrom(...IF_MATCH_JUNK),
  )).map(([m, t, valid, ifMatch]): JunkWriteCase => ({ defect: `If-Match ${JSON.stringify(ifMatch)}`, request: toRequest(shape, m, t, objectText(valid), ifMatch) }))

  const oversized = fc.tuple(request, fc.boolean()).chain(([r, valid]) => fc.tuple(fc.constant(r), valid ? createValidEntriesArbitrary(shape, r.method, r.target) : fc.constant([]), fc.constant(valid)))
    .map(([r, valid, isObject]): JunkWriteCase => {
      const filler = shape.text ?? 'x'
      const body = isObject ? objectText([...valid.filter(([name]) => name !== filler), [filler, JSON.stringify('x'.repeat(OVERSIZED))]]) : `"${'x'.repeat(OVERSIZED)}"`
      return { defect: `a body of ${body.length} bytes`, request: toRequest(shape, r.method, r.target, body, r.ifMatch ? '*' : undefined), status: 413 }
    })

  const cases: fc.WeightedArbitrary<JunkWriteCase>[] = [
    { arbitrary: malformedBody, weight: 3 },
    { arbitrary: badFields, weight: 6 },
    { arbitrary: ifMatchJunk, weight: 2 },
    { arbitrary: createBadUrlArbitrary(shape), weight: 3 },
    { arbitrary: oversized, weight: 1 },
  ]
  const hugeKey = createHugeKeyArbitrary(shape)
  if (hugeKey !== undefined) cases.push({ arbitrary: hugeKey, weight: 2 })
  return fc.oneof(...cases).map(withShortDescription)
}

// ---- the table, as junk needs it ---------------------------------------------------------------------------------

interface TableShape {
  readonly table: FixtureTable
  readonly key: readonly FixtureColumn[]
  /** Key parts the caller gives (all of the key unless one is generated). */
  readonly chosenKey: readonly FixtureColumn[]
  readonly nonKey: readonly FixtureColumn[]
  /** Existing rows' keys that a path can carry. */
  readonly existing: readonly FixtureRow[]
  /** A text column outside the key, if any (to carry a huge valid value). */
  readonly text: string | undefined
}

function describeTable(table: FixtureTable): TableShape {
  const key = table.primaryKey.map((name) => findFixtureColumn(table, name))
  const existing = table.rows
    .filter((row) => key.every((c) => isAddressableKeyValue(row[c.name] ?? null)))
    .map((row) => Object.fromEntries(key.map((c) => [c.name, row[c.name]!])))
  const nonKey = table.columns.filter((c) => !key.includes(c))
  return { table, key, chosenKey: key.filter((c) => c.generated !== true), nonKey, existing, text: nonKey.find((c) => c.type === 'text')?.name }
}

/** Where a PUT/PATCH points: an existing row, a key no row has, or no complete key (the keyless form). */
type Target = { readonly kind: 'existing' | 'absent'; readonly key: FixtureRow } | { readonly kind: 'keyless'; readonly key: FixtureRow }

function createTargetArbitrary(shape: TableShape): fc.Arbitrary<Target> {
  const values = fc.record(Object.fromEntries(shape.key.map((c) => [c.name, createAddressableKeyValueArbitrary(c)]))) as fc.Arbitrary<FixtureRow>
  const ids = new Set(shape.existing.map((k) => JSON.stringify(k, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))))
  const absent = values.filter((k) => !ids.has(JSON.stringify(k, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))))
  const arbitraries: fc.Arbitrary<Target>[] = [
    absent.map((key) => ({ kind: 'absent' as const, key })),
    values.map((key) => ({ kind: 'keyless' as const, key })),
  ]
  if (shape.existing.length > 0) arbitraries.push(fc.constantFrom(...shape.existing).map((key) => ({ kind: 'existing' as const, key })))
  return fc.oneof(...arbitraries)
}

/** The path for a method and target: POST to the collection; keyless names only the chosen key parts. */
function targetPath(shape: TableShape, method: string, target: Target): string {
  if (method === 'POST') return `/api/${encodeURIComponent(shape.table.name)}`
  // Keyless: the parts the caller chooses when the rest is generated (the valid form), else no key at all.
  const columns = target.kind !== 'keyless' ? shape.key : shape.chosenKey.length < shape.key.length ? shape.chosenKey : []
  return buildKeyPath(shape.table.name, columns.map((c): KeyPart => ({ column: c, value: target.key[c.name]! })))
}

function toRequest(shape: TableShape, method: 'POST' | 'PUT' | 'PATCH', target: Target, body: string | undefined, ifMatch: string | readonly string[] | undefined): RestRequest {
  return {
    method,
    url: targetPath(shape, method, target),
    ...(body === undefined ? {} : { body }),
    ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
  }
}

/** Which columns a valid body of this request names: POST all but generated ones; by key or keyless only non-key ones. */
function bodyColumns(shape: TableShape, method: string): readonly FixtureColumn[] {
  return method === 'POST' ? shape.table.columns.filter((c) => c.generated !== true) : shape.nonKey
}

/**
 * `[name, JSON]` entries of a body the request would accept: every required column, some optional ones, valid
 * values (for POST, the target's key).
 */
function createValidEntriesArbitrary(shape: TableShape, method: string, target: Target): fc.Arbitrary<[string, string][]> {
  const columns = bodyColumns(shape, method)
  return fc.tuple(...columns.map((c) => fc.tuple(
    shape.key.includes(c) ? fc.constant(target.key[c.name]!) : createColumnCellArbitrary(c.type, c.nullable),
    c.nullable ? fc.boolean() : fc.constant(true),
  ))).map((cells) => cells.flatMap(([value, include], i): [string, string][] => {
    const column = columns[i]!
    return include ? [[column.name, encodeJsonValue(column, value, typeof value === 'bigint')]] : []
  }))
}

interface BadEntry {
  readonly name: string
  readonly json: string
  readonly defect: string
}

/** A body field that makes any request of this method and target fail. */
function createBadEntryArbitrary(shape: TableShape, method: string, target: Target): fc.Arbitrary<BadEntry> {
  const names = shape.table.columns.map((c) => c.name)
  const writable = bodyColumns(shape, method)
  const nonNull = writable.filter((c) => !c.nullable)
  const nonText = writable.filter((c) => c.type !== 'text')
  // Key fields belong in the URL for by-key and keyless PUT/PATCH; generated fields never belong in a body.
  const misplaced = shape.table.columns.filter((c) => c.generated === true || (method !== 'POST' && shape.key.includes(c)))
  const anyJson = fc.constantFrom('1', '"x"', 'null', 'true', '{}', '[]')
  const entries: fc.WeightedArbitrary<BadEntry>[] = [
    { arbitrary: fc.tuple(fc.oneof(createUnknownFieldArbitrary(names), fc.constantFrom(...PROTOTYPE_NAMES)), anyJson).map(([name, json]) => ({ name, json, defect: `unknown field ${JSON.stringify(name)}` })), weight: 2 },
    { arbitrary: fc.constantFrom(...writable).chain((c) => fc.constantFrom(...WRONG_VALUES[c.type]).map((json) => ({ name: c.name, json, defect: `${json} for ${c.type} ${c.name}` }))), weight: 5 },
    { arbitrary: fc.constantFrom(...writable).chain((c) => fc.constantFrom(...NEAR_MISSES[c.type]).map((json) => ({ name: c.name, json, defect: `${json} for ${c.type} ${c.name}` }))), weight: 3 },
    { arbitrary: fc.constantFrom(...shape.table.columns).chain((c) => fc.constantFrom(...NESTED).map((json) => ({ name: c.name, json, defect: `nested ${json} for ${c.name}` }))), weight: 1 },
    { arbitrary: hugeTextArbitrary.map((text) => ({ name: text, json: '1', defect: `a field named by ${text.length} characters` })), weight: 1 },
  ]
  if (nonNull.length > 0) entries.push({ arbitrary: fc.constantFrom(...nonNull).map((c) => ({ name: c.name, json: 'null', defect: `null for non-nullable ${c.name}` })), weight: 2 })
  if (nonText.length > 0) entries.push({ arbitrary: fc.tuple(fc.constantFrom(...nonText), hugeTextArbitrary).map(([c, text]) => ({ name: c.name, json: JSON.stringify(text), defect: `${text.length} characters for ${c.type} ${c.name}` })), weight: 1 })
  if (misplaced.length > 0) {
    // The very value the URL names is refused too.
    entries.push({
      arbitrary: fc.constantFrom(...misplaced).chain((c) => fc.oneof(fc.constant(target.key[c.name]!), createAddressableKeyValueArbitrary(c)).map((value) => ({
        name: c.name, json: encodeJsonValue(c, value, typeof value === 'bigint'), defect: `${c.generated === true ? 'generated' : 'key'} field ${c.name} in the body`,
      }))),
      weight: 2,
    })
  }
  return fc.oneof(...entries)
}

/**
 * Broken URLs for any write method: a query string, a key value of the wrong type, an unknown or repeated key name,
 * a key missing or half given, POST with a key, DELETE of an absent row. DELETE also carries junk `If-Match` (which
 * has no effect on it) and junk bodies.
 */
function createBadUrlArbitrary(shape: TableShape): fc.Arbitrary<JunkWriteCase> {
  const entity = `/api/${encodeURIComponent(shape.table.name)}`
  const keyPath = (key: FixtureRow): string => buildKeyPath(shape.table.name, shape.key.map((c) => ({ column: c, value: key[c.name]! })))
  const anyKey = createTargetArbitrary(shape).map((t) => t.key)
  const typed = shape.key.filter((c) => c.type !== 'text')
  const badValue: Readonly<Record<NeutralType, readonly string[]>> = {
    int: ['abc', '1.5', '2147483648', '1e3', '0x1', ' 1', '-'], bigint: ['9223372036854775808', 'x', '1.0'], date: ['2000-02-30', 'x', '20000101', '2000-01-01T00:00:00'],
    decimal: ['x'], text: [], boolean: ['maybe'], timestamp: ['x'],
  }
  const urls: fc.Arbitrary<{ path: string; defect: string; methods: readonly string[] }>[] = [
    fc.tuple(anyKey, fc.constantFrom('?x', '?$select=a', '?$filter=1 eq 1', '?=', '?&', '?$first=1')).map(([key, query]) => ({ path: `${keyPath(key)}${query}`, defect: `query string ${query}`, methods: ['PUT', 'PATCH', 'DELETE'] })),
    fc.constantFrom('?x', '?$first=1').map((query) => ({ path: `${entity}${query}`, defect: `query string ${query}`, methods: ['POST'] })),
    anyKey.map((key) => ({ path: keyPath(key), defect: 'POST with a key in the URL', methods: ['POST'] })),
    fc.tuple(anyKey, fc.nat()).map(([key, i]) => {
      const column = shape.key[i % shape.key.length]!
      return { path: `${keyPath(key)}/${encodeURIComponent(column.name)}/${encodeURIComponent(String(key[column.name]))}`, defect: `key ${column.name} given twice`, methods: ['PUT', 'PATCH', 'DELETE'] }
    }),
    fc.tuple(anyKey, createUnknownFieldArbitrary(shape.table.columns.map((c) => c.name)).filter((n) => !/[/\\]/.test(n) && n !== '.' && n !== '..')).map(([key, name]) => ({
      path: `${keyPath(key)}/${encodeURIComponent(name)}/1`, defect: `unknown key ${JSON.stringify(name)}`, methods: ['PUT', 'PATCH', 'DELETE'],
    })),
    fc.constant({ path: entity, defect: 'DELETE without a key', methods: ['DELETE'] }),
    createTargetArbitrary(shape).filter((t) => t.kind === 'absent').map((t) => ({ path: keyPath(t.key), defect: 'DELETE of an absent row', methods: ['DELETE'] })),
  ]
  if (shape.key.length > 1) {
    urls.push(fc.tuple(anyKey, fc.nat()).map(([key, i]) => {
      const kept = shape.key.filter((_, j) => j !== i % shape.key.length)
      return { path: buildKeyPath(shape.table.name, kept.map((c) => ({ column: c, value: key[c.name]! }))), defect: 'DELETE with part of the key', methods: ['DELETE'] }
    }))
  }
  if (typed.length > 0) {
    urls.push(fc.tuple(anyKey, fc.constantFrom(...typed)).chain(([key, column]) => fc.constantFrom(...badValue[column.type]).map((bad) => ({
      path: buildKeyPath(shape.table.name, shape.key.map((c) => ({ column: c, value: c === column ? bad : key[c.name]! }))),
      defect: `key ${column.name} = ${JSON.stringify(bad)}`,
      methods: ['PUT', 'PATCH', 'DELETE'],
    }))))
  }
  return fc.tuple(
    fc.oneof(...urls).chain((url) => fc.tuple(fc.constant(url), fc.constantFrom(...url.methods))),
    createTargetArbitrary(shape),
    fc.option(fc.constantFrom(...IF_MATCH_JUNK, '*'), { nil: undefined }),
    fc.option(fc.constantFrom(...NOT_JSON, ...NOT_OBJECT, '{}'), { nil: undefined }),
  ).chain(([[url, method], target, ifMatch, junkBody]) => {
    // PUT/PATCH/POST get a body they would otherwise accept (so the URL alone is at fault); DELETE gets junk.
    const body = method === 'DELETE' ? fc.constant(junkBody) : createValidEntriesArbitrary(shape, method, target).map(objectText)
    return body.map((text): JunkWriteCase => ({
      defect: url.defect,
      request: {
        method: method as RestRequest['method'],
        url: url.path,
        ...(text === undefined ? {} : { body: text }),
        ...(ifMatch === undefined || (method !== 'DELETE' && ifMatch !== '*') ? {} : { headers: { 'if-match': ifMatch } }),
      },
    }))
  })
}

/**
 * Key values past common index limits: a text key part of 10 to 50 thousand noisy characters, in a POST body or in a
 * PUT/PATCH path (an upsert tries to insert it), the rest of the write valid. Undefined when the caller chooses no
 * text key part.
 */
function createHugeKeyArbitrary(shape: TableShape): fc.Arbitrary<JunkWriteCase> | undefined {
  const column = shape.chosenKey.find((c) => c.type === 'text')
  if (column === undefined || shape.chosenKey.length !== shape.key.length) return undefined
  return fc.tuple(fc.constantFrom('POST', 'PUT', 'PATCH') as fc.Arbitrary<'POST' | 'PUT' | 'PATCH'>, createTargetArbitrary(shape), fc.integer(), fc.integer({ min: 10_000, max: 50_000 }))
    .chain(([method, target, seed, length]) => {
      const key = { ...target.key, [column.name]: createNoisyText(seed, length) }
      const hugeTarget: Target = { kind: 'absent', key }
      return createValidEntriesArbitrary(shape, method, hugeTarget).map((entries): JunkWriteCase => ({
        defect: `a key ${column.name} of ${length} characters`,
        request: toRequest(shape, method, hugeTarget, objectText(entries), undefined),
        keyLength: length,
      }))
    })
}

function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Reports show the defect and the request with long texts cut short, never 1 MiB of `x`. */
function withShortDescription(junk: JunkWriteCase): JunkWriteCase {
  const cut = (text: string): string => (text.length > 300 ? `${text.slice(0, 200)}… (${text.length} characters)` : text)
  const description = `${junk.defect}: ${junk.request.method} ${cut(junk.request.url)}${junk.request.headers === undefined ? '' : ` ${JSON.stringify(junk.request.headers)}`}${junk.request.body === undefined ? '' : ` ${cut(JSON.stringify(junk.request.body))}`}`
  return Object.assign(Object.create({ [fc.toStringMethod]: () => description, toString: () => description }) as object, junk) as JunkWriteCase
}
