import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import {
  isErrorEnvelope,
  type JsonResponse,
  type LibraryConfigOverrides,
  type LibraryTestServer,
} from './library-test-server.js'

const require = createRequire(import.meta.url)
const LIBRARY_SQL = require.resolve('@sluice/example-library/library.sql')

type Json = Record<string, unknown>
type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export const FORBIDDEN_BODY =
  '{"error":{"code":"Authorization Failure","message":"The current role does not have permission to perform this action.","status":403}}'

const WIRE_CODES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  403: 'Authorization Failure',
  404: 'Not Found',
  409: 'Conflict',
}

/**
 * Tables the library sample lacks, appended to library.sql for the write tests:
 * - stock_items: a text key the caller chooses, a NOT NULL column without default (name), a check constraint
 *   (quantity >= 0), a computed column (total_value), a serial non-key column (line_no), a defaulted column (note);
 * - tags: a serial key, and a unique `name` (entity TagByName keys on it, so a native upsert targets the constraint);
 * - cheap_books: an updatable view over books (upserts through a view run as update-then-insert).
 */
export const WRITE_FIXTURES_SQL = `
create table stock_items (
  sku         text primary key,
  name        text not null,
  quantity    int not null default 0 check (quantity >= 0),
  unit_price  numeric(10, 2),
  total_value numeric(12, 2) generated always as (quantity * unit_price) stored,
  line_no     serial,
  note        text default 'none'
);
insert into stock_items (sku, name, quantity, unit_price, note) values
  ('A-1', 'Bookmark', 10, 1.50, 'paper'),
  ('A-2', 'Reading lamp', 2, 25.00, null);

create table tags (
  id   serial primary key,
  name text not null unique
);
insert into tags (name) values ('fiction'), ('history');

create view cheap_books as select id, title, publisher_id, price from books where price < 20;
`

const ALL_FOR_AUTHENTICATED = [
  { role: 'anonymous', actions: ['read'] },
  { role: 'authenticated', actions: ['*'] },
]

/** Entities over WRITE_FIXTURES_SQL (anonymous reads, authenticated may do everything). */
export const WRITE_FIXTURE_ENTITIES: Readonly<Record<string, Json>> = {
  StockItem: { source: { object: 'public.stock_items', type: 'table' }, permissions: ALL_FOR_AUTHENTICATED },
  Tag: { source: { object: 'public.tags', type: 'table' }, permissions: ALL_FOR_AUTHENTICATED },
  TagByName: {
    source: { object: 'public.tags', type: 'table' },
    fields: [{ name: 'name', 'primary-key': true }],
    permissions: ALL_FOR_AUTHENTICATED,
  },
  CheapBook: {
    source: { object: 'public.cheap_books', type: 'view' },
    fields: [{ name: 'id', 'primary-key': true }],
    permissions: ALL_FOR_AUTHENTICATED,
  },
}

/**
 * library.sql followed by WRITE_FIXTURES_SQL, as one seed file in the temp folder. Its name is the content's hash,
 * so every test file and worker shares one file (written atomically) and nothing piles up.
 */
function writeFixtureSeed(): string {
  const sql = `${readFileSync(LIBRARY_SQL, 'utf8')}\n${WRITE_FIXTURES_SQL}`
  const file = join(
    tmpdir(),
    `sluice-library-write-fixtures-${createHash('sha256').update(sql).digest('hex').slice(0, 16)}.sql`,
  )
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
    writeFileSync(partial, sql)
    renameSync(partial, file)
  }
  return file
}

/** The library sample plus WRITE_FIXTURES_SQL and its entities, with `overrides` applied on top. */
export function withWriteFixtures(overrides: LibraryConfigOverrides = {}): LibraryConfigOverrides {
  return {
    ...overrides,
    entities: mergeEntities(WRITE_FIXTURE_ENTITIES, overrides.entities ?? {}),
    edit(config) {
      ;((config['data-source'] as Json)['options'] as Json)['seed'] = writeFixtureSeed()
      overrides.edit?.(config)
    },
  }
}

/** A fixture entity named in `overrides` takes the override's top-level keys (null removes it). */
function mergeEntities(
  base: Readonly<Record<string, Json>>,
  overrides: Readonly<Record<string, Json | null>>,
): Record<string, Json | null> {
  const out: Record<string, Json | null> = { ...base }
  for (const [name, change] of Object.entries(overrides))
    out[name] = change === null || base[name] === undefined ? change : { ...base[name], ...change }
  return out
}

export interface WriteOptions {
  /** X-MS-API-ROLE; `authenticated` unless given. */
  readonly role?: string
  readonly headers?: Readonly<Record<string, string | string[]>>
}

/**
 * Sends a write. `body` is sent as JSON text (a string is sent as written, `undefined` sends no body).
 */
export function send(
  library: LibraryTestServer,
  method: Method,
  url: string,
  body?: unknown,
  options: WriteOptions = {},
): Promise<JsonResponse> {
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  return library.request(url, {
    method,
    role: options.role ?? 'authenticated',
    headers: { 'content-type': 'application/json', ...options.headers },
    payload,
  })
}

/** The `value` of a GET as `authenticated` (every field, no policy): what the database holds. */
export async function read(library: LibraryTestServer, url: string): Promise<any[]> {
  const response = await library.request(url, { role: 'authenticated' })
  expect(response.status, `GET ${url}: ${response.text}`).toBe(200)
  return response.body.value
}

/** Every row of an entity (one page of the maximum size), in key order. */
export function readAll(library: LibraryTestServer, entityPath: string): Promise<any[]> {
  return read(library, `/api/${entityPath}?$first=-1`)
}

/**
 * A failed write: exact status, the error envelope with the wire code of that status, and the exact message (a
 * string) or a message matching a pattern.
 */
export function expectError(response: JsonResponse, status: number, message: string | RegExp): void {
  expect(response.status, response.text).toBe(status)
  expect(isErrorEnvelope(response), response.text).toBe(true)
  expect(response.body.error.code).toBe(WIRE_CODES[status])
  if (typeof message === 'string') expect(response.body.error.message).toBe(message)
  else expect(response.body.error.message).toMatch(message)
  expect(response.headers['location']).toBeUndefined()
}

/** A pattern matching `text` exactly at the start of a message, followed by anything (e.g. a database detail). */
export function startsWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)
}

/** The text `Location` must hold for a path on the injected server (inject() addresses `localhost:80`). */
export function locationOf(path: string): string {
  return `http://localhost:80${path}`
}

/**
 * Runs `attempt` (a write expected to fail) and checks that the entity's whole table reads back unchanged.
 * Returns the response for the caller's own assertions.
 */
export async function expectUnchanged(
  library: LibraryTestServer,
  entityPath: string,
  attempt: () => Promise<JsonResponse>,
): Promise<JsonResponse> {
  const before = await readAll(library, entityPath)
  const response = await attempt()
  expect(await readAll(library, entityPath), `${entityPath} changed after ${response.status} ${response.text}`).toEqual(
    before,
  )
  return response
}
