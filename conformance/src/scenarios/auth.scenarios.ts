import * as fc from 'fast-check'
import { expect } from 'vitest'
import { Filter, type FilterNode } from '@sluice/core'
import { collectFilterFields, printFilterExpression, type ComparisonOperator } from '@sluice/core/protocol'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import { createOrderByArbitrary } from '../arbitraries/order-by-arbitrary.js'
import { createTableFilterArbitrary } from '../arbitraries/table-filter-arbitrary.js'
import { findFixtureColumn, type FixtureRow, type FixtureTable } from '../fixture.js'
import { evaluateFilter } from '../oracle/evaluate-filter.js'
import { normalizeRow } from '../oracle/normalize-row.js'
import { sortRows, type OrderByTerm } from '../oracle/sort-rows.js'
import { buildRestQuery } from '../rest/build-rest-query.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { buildKeyPath, isAddressableKeyValue } from '../rest/key-path.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/** Roles a permission table may configure; `guest` is never configured (it inherits `authenticated`'s, then `anonymous`'s). */
const CONFIGURABLE_ROLES = ['anonymous', 'authenticated', 'reader', 'auditor'] as const
/** What a request's `X-MS-API-ROLE` says (`undefined`: no header, an anonymous caller). */
const REQUEST_ROLES = [undefined, ...CONFIGURABLE_ROLES, 'guest'] as const

/** One role's entry: `read` with optional field lists and row policy, or only `create` (no read at all). */
interface RolePermission {
  readonly role: string
  readonly read: boolean
  readonly include?: readonly string[] | '*'
  readonly exclude?: readonly string[]
  /** Over permitted fields only (a policy naming another field is a configuration error); may hold `@claims.roles`. */
  readonly policy?: FilterNode
}

type AuthRequest =
  | {
      readonly kind: 'collection'
      readonly role: string | undefined
      readonly select?: readonly string[]
      readonly filter?: FilterNode
      readonly orderBy: readonly OrderByTerm[]
    }
  | {
      readonly kind: 'key'
      readonly role: string | undefined
      readonly row: FixtureRow
      readonly select?: readonly string[]
    }

function permittedNames(table: FixtureTable, p: Pick<RolePermission, 'include' | 'exclude'>): string[] {
  const all = table.columns.map((c) => c.name)
  const include = p.include === undefined || p.include === '*' ? all : p.include
  return all.filter((name) => include.includes(name) && !(p.exclude ?? []).includes(name))
}

/** A policy over `fields` of `table`: the `$filter` leaves, plus text fields compared with `@claims.roles`. */
function policyArbitrary(table: FixtureTable, fields: readonly string[]): fc.Arbitrary<FilterNode> {
  if (fields.length === 0) return fc.boolean().map(Filter.constant)
  const visible: FixtureTable = { ...table, columns: table.columns.filter((c) => fields.includes(c.name)) }
  const texts = visible.columns.filter((c) => c.type === 'text')
  const plain = createTableFilterArbitrary(visible, { maxDepth: 2 })
  if (texts.length === 0) return plain
  const claim = fc
    .tuple(fc.constantFrom(...texts), fc.constantFrom<ComparisonOperator>('eq', 'ne', 'gt', 'lt'), fc.boolean())
    .map(([c, op, flip]) =>
      flip
        ? Filter.comparison(op, Filter.claim('roles'), Filter.field(c.name))
        : Filter.comparison(op, Filter.field(c.name), Filter.claim('roles')),
    )
  return fc.oneof(
    plain,
    claim,
    fc.tuple(plain, claim).map(([a, b]) => Filter.and([a, b])),
    fc.tuple(plain, claim).map(([a, b]) => Filter.or([a, b])),
  )
}

function rolePermissionArbitrary(table: FixtureTable, role: string): fc.Arbitrary<RolePermission> {
  const names = table.columns.map((c) => c.name)
  const lists = fc.record(
    {
      include: fc.option(fc.oneof(fc.constant<'*'>('*'), fc.shuffledSubarray(names)), { nil: undefined }),
      exclude: fc.option(fc.shuffledSubarray(names, { maxLength: 2 }), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  const read = lists.chain((l) =>
    fc
      .option(policyArbitrary(table, permittedNames(table, l)), { nil: undefined, freq: 2 })
      .map((policy): RolePermission => ({ role, read: true, ...l, ...(policy === undefined ? {} : { policy }) })),
  )
  return fc.oneof(
    { arbitrary: read, weight: 5 },
    { arbitrary: fc.constant<RolePermission>({ role, read: false }), weight: 1 },
  )
}

function requestArbitrary(table: FixtureTable): fc.Arbitrary<AuthRequest> {
  const names = table.columns.map((c) => c.name)
  const role = fc.constantFrom(...REQUEST_ROLES)
  const select = fc.option(fc.shuffledSubarray(names, { minLength: 1, maxLength: Math.min(3, names.length) }), {
    nil: undefined,
  })
  const collection = fc
    .record({
      role,
      select,
      filter: fc.option(createTableFilterArbitrary(table, { maxDepth: 2 }), { nil: undefined }),
      orderBy: createOrderByArbitrary(table, { maxTerms: 2 }),
    })
    .map((r): AuthRequest => ({ kind: 'collection', ...r }))
  const addressable = table.rows.filter((row) => table.primaryKey.every((k) => isAddressableKeyValue(row[k] ?? null)))
  if (addressable.length === 0) return collection
  const byKey = fc
    .record({ role, row: fc.constantFrom(...addressable), select })
    .map((r): AuthRequest => ({ kind: 'key', ...r }))
  return fc.oneof({ arbitrary: collection, weight: 3 }, { arbitrary: byKey, weight: 2 })
}

/** A random table, a permission table of 1–3 roles on it, and requests under random roles. */
const authCase = createFixtureTableArbitrary({ name: 'auth_rows', maxRows: 8, maxOtherColumns: 4 }).chain((table) =>
  fc.tuple(
    fc.constant(table),
    fc
      .shuffledSubarray([...CONFIGURABLE_ROLES], { minLength: 1, maxLength: 3 })
      .chain((roles) => fc.tuple(...roles.map((r) => rolePermissionArbitrary(table, r)))),
    fc.array(requestArbitrary(table), { minLength: 1, maxLength: 6 }),
  ),
)

function toConfig(p: RolePermission): unknown {
  if (!p.read) return { role: p.role, actions: ['create'] }
  const fields =
    p.include === undefined && p.exclude === undefined
      ? undefined
      : {
          ...(p.include === undefined ? {} : { include: p.include === '*' ? ['*'] : [...p.include] }),
          ...(p.exclude === undefined ? {} : { exclude: [...p.exclude] }),
        }
  return {
    role: p.role,
    actions: [
      {
        action: 'read',
        ...(fields === undefined ? {} : { fields }),
        ...(p.policy === undefined
          ? {}
          : { policy: { database: printFilterExpression(p.policy, { mode: 'policy' }) } }),
      },
    ],
  }
}

/**
 * The `read` entry that governs `header` (development mode: a role header makes an authenticated caller holding that
 * role; Data API builder's inheritance: an unconfigured named role uses `authenticated`'s, which falls back to
 * `anonymous`'s), or `undefined` when the role may not read; and the caller's claims.
 */
function resolveRead(
  permissions: readonly RolePermission[],
  header: string | undefined,
): { readonly read: RolePermission | undefined; readonly claims: Readonly<Record<string, string>> } {
  const role = header ?? 'anonymous'
  const byRole = (r: string) => permissions.find((p) => p.role === r)
  const own = byRole(role)
  const entry = own ?? (role === 'anonymous' ? undefined : (byRole('authenticated') ?? byRole('anonymous')))
  return { read: entry?.read === true ? entry : undefined, claims: role === 'anonymous' ? {} : { roles: role } }
}

/** The policy with `@claims.<name>` replaced by the caller's value, or `undefined` when the caller lacks a claim it names. */
function substituteClaims(node: FilterNode, claims: Readonly<Record<string, string>>): FilterNode | undefined {
  let missing = false
  const operand = <O extends { kind: string }>(o: O) => {
    if (o.kind !== 'claim') return o
    const name = (o as unknown as { name: string }).name
    if (!Object.hasOwn(claims, name)) {
      missing = true
      return Filter.literal('', 'string')
    }
    return Filter.literal(claims[name]!, 'string')
  }
  const walk = (n: FilterNode): FilterNode => {
    switch (n.kind) {
      case 'comparison':
        return Filter.comparison(n.op, operand(n.left), operand(n.right))
      case 'and':
        return Filter.and(n.items.map(walk))
      case 'or':
        return Filter.or(n.items.map(walk))
      case 'not':
        return Filter.not(walk(n.item))
      default:
        return n
    }
  }
  const out = walk(node)
  return missing ? undefined : out
}

function namedFields(request: AuthRequest, table: FixtureTable): string[] {
  const names = [...(request.select ?? [])]
  if (request.kind === 'key') names.push(...table.primaryKey)
  else {
    if (request.filter !== undefined) names.push(...collectFilterFields(request.filter))
    names.push(...request.orderBy.map((t) => t.field))
  }
  return names
}

/** Authorization against an oracle: field lists, row policies (with claims) and role inheritance. */
export const authScenarios: readonly Scenario[] = [
  {
    key: 'auth.field-and-row-access',
    title:
      'for random permission tables, roles, claims and requests, no response carries a forbidden field or a row outside the policy, and a forbidden reference is a 4xx',
    description:
      "For a random table and a random permission table of 1 to 3 roles (`read` with random `fields.include`/`exclude` and sometimes a random `policy.database` over permitted fields, some comparing a text field with `@claims.roles`; or only `create`), random collection GETs (`$select`, `$filter`, `$orderby`) and by-key GETs (sometimes with `$select`) under a random `X-MS-API-ROLE` (none, a configured role, or an unconfigured one, which inherits `authenticated`'s and then `anonymous`'s permissions): no read permission, or a policy naming a claim the caller lacks, gives 403; naming a forbidden field gives 400; otherwise the 200 records carry exactly the selected (or, without `$select`, all permitted) fields and exactly the rows, in order, that satisfy both the filter and the policy with the caller's claims. Never a 5xx. Development mode: the role header makes the caller authenticated, holding that role, with claims `{\"roles\": [role]}`.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(authCase, async ([table, permissions, requests]) => {
          const config = { [table.name]: permissions.map(toConfig) }
          await harness.withServer(
            { tables: [table] },
            async (server) => {
              for (const request of requests) {
                const url =
                  request.kind === 'collection'
                    ? buildRestQuery(table.name, request)
                    : buildKeyPath(
                        table.name,
                        table.primaryKey.map((k) => ({ column: findFixtureColumn(table, k), value: request.row[k]! })),
                      ) +
                      (request.select === undefined ? '' : `?$select=${encodeURIComponent(request.select.join(','))}`)
                const reply = await server.send({
                  method: 'GET',
                  url,
                  ...(request.role === undefined ? {} : { headers: { 'X-MS-API-ROLE': request.role } }),
                })
                const where = `GET ${url} as ${request.role ?? '(no role header)'}`
                expect(reply.status, `${where} → ${reply.status} ${reply.text.slice(0, 300)}`).toBeLessThan(500)

                const { read, claims } = resolveRead(permissions, request.role)
                if (read === undefined) {
                  expect(expectErrorEnvelope(reply, where).status, `${where}: the role may not read`).toBe(403)
                  continue
                }
                const policy = read.policy === undefined ? undefined : substituteClaims(read.policy, claims)
                if (read.policy !== undefined && policy === undefined) {
                  expect(
                    expectErrorEnvelope(reply, where).status,
                    `${where}: the policy names a claim the caller lacks`,
                  ).toBe(403)
                  continue
                }
                const permitted = permittedNames(table, read)
                const forbidden = namedFields(request, table).filter((f) => !permitted.includes(f))
                if (forbidden.length > 0) {
                  expect(
                    expectErrorEnvelope(reply, where).status,
                    `${where}: names forbidden field(s) ${forbidden.join(', ')}`,
                  ).toBe(400)
                  continue
                }
                const fields = request.select ?? permitted
                const records = readRecords(reply, where)
                for (const record of records)
                  expect(Object.keys(record).sort(), `${where}: fields`).toEqual([...fields].sort())
                const candidates = request.kind === 'key' ? [request.row] : table.rows
                const expected = sortRows(
                  table,
                  candidates.filter(
                    (row) =>
                      (policy === undefined || evaluateFilter(policy, row, table) === true) &&
                      (request.kind === 'key' ||
                        request.filter === undefined ||
                        evaluateFilter(request.filter, row, table) === true),
                  ),
                  request.kind === 'key' ? [] : request.orderBy,
                )
                expect(
                  records.map((r) => normalizeRow(table, r, fields)),
                  `${where}: rows`,
                ).toEqual(expected.map((r) => normalizeRow(table, r, fields)))
              }
            },
            { permissions: config },
          )
        }),
        30,
      )
    },
  },
]
