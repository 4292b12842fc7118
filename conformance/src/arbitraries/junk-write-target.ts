import * as fc from 'fast-check'
import { findFixtureColumn, type FixtureColumn, type FixtureRow, type FixtureTable } from '../fixture.js'
import type { RestRequest } from '../fixture-server.js'
import { buildKeyPath, isAddressableKeyValue, type KeyPart } from '../rest/key-path.js'
import { encodeJsonValue } from '../rest/write-body.js'
import { createColumnCellArbitrary } from './column-value-arbitrary.js'
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

/** What junk writes need of a table: its key (the parts a caller gives), other columns and existing keys. */
export interface TableShape {
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

export function describeTable(table: FixtureTable): TableShape {
  const key = table.primaryKey.map((name) => findFixtureColumn(table, name))
  const existing = table.rows
    .filter((row) => key.every((c) => isAddressableKeyValue(row[c.name] ?? null)))
    .map((row) => Object.fromEntries(key.map((c) => [c.name, row[c.name]!])))
  const nonKey = table.columns.filter((c) => !key.includes(c))
  return {
    table,
    key,
    chosenKey: key.filter((c) => c.generated !== true),
    nonKey,
    existing,
    text: nonKey.find((c) => c.type === 'text')?.name,
  }
}

/** Where a PUT/PATCH points: an existing row, a key no row has, or no complete key (the keyless form). */
export type Target =
  | { readonly kind: 'existing' | 'absent'; readonly key: FixtureRow }
  | { readonly kind: 'keyless'; readonly key: FixtureRow }

export function createTargetArbitrary(shape: TableShape): fc.Arbitrary<Target> {
  const values = fc.record(
    Object.fromEntries(shape.key.map((c) => [c.name, createAddressableKeyValueArbitrary(c)])),
  ) as fc.Arbitrary<FixtureRow>
  const ids = new Set(
    shape.existing.map((k) => JSON.stringify(k, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))),
  )
  const absent = values.filter(
    (k) => !ids.has(JSON.stringify(k, (_, v: unknown) => (typeof v === 'bigint' ? `${v}` : v))),
  )
  const arbitraries: fc.Arbitrary<Target>[] = [
    absent.map((key) => ({ kind: 'absent' as const, key })),
    values.map((key) => ({ kind: 'keyless' as const, key })),
  ]
  if (shape.existing.length > 0)
    arbitraries.push(fc.constantFrom(...shape.existing).map((key) => ({ kind: 'existing' as const, key })))
  return fc.oneof(...arbitraries)
}

/** The path for a method and target: POST to the collection; keyless names only the chosen key parts. */
export function targetPath(shape: TableShape, method: string, target: Target): string {
  if (method === 'POST') return `/api/${encodeURIComponent(shape.table.name)}`
  // Keyless: the parts the caller chooses when the rest is generated (the valid form), else no key at all.
  const columns =
    target.kind !== 'keyless' ? shape.key : shape.chosenKey.length < shape.key.length ? shape.chosenKey : []
  return buildKeyPath(
    shape.table.name,
    columns.map((c): KeyPart => ({ column: c, value: target.key[c.name]! })),
  )
}

export function toRequest(
  shape: TableShape,
  method: 'POST' | 'PUT' | 'PATCH',
  target: Target,
  body: string | undefined,
  ifMatch: string | readonly string[] | undefined,
): RestRequest {
  return {
    method,
    url: targetPath(shape, method, target),
    ...(body === undefined ? {} : { body }),
    ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
  }
}

/** Which columns a valid body of this request names: POST all but generated ones; by key or keyless only non-key ones. */
export function bodyColumns(shape: TableShape, method: string): readonly FixtureColumn[] {
  return method === 'POST' ? shape.table.columns.filter((c) => c.generated !== true) : shape.nonKey
}

/**
 * `[name, JSON]` entries of a body the request would accept: every required column, some optional ones, valid
 * values (for POST, the target's key).
 */
export function createValidEntriesArbitrary(
  shape: TableShape,
  method: string,
  target: Target,
): fc.Arbitrary<[string, string][]> {
  const columns = bodyColumns(shape, method)
  return fc
    .tuple(
      ...columns.map((c) =>
        fc.tuple(
          shape.key.includes(c) ? fc.constant(target.key[c.name]!) : createColumnCellArbitrary(c.type, c.nullable),
          c.nullable ? fc.boolean() : fc.constant(true),
        ),
      ),
    )
    .map((cells) =>
      cells.flatMap(([value, include], i): [string, string][] => {
        const column = columns[i]!
        return include ? [[column.name, encodeJsonValue(column, value, typeof value === 'bigint')]] : []
      }),
    )
}

export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([name, json]) => `${JSON.stringify(name)}:${json}`).join(',')}}`
}
