import * as fc from 'fast-check'
import type { EntityModel, ServiceModel } from '@sluice/core'

/**
 * Hostile-input generators for the fuzz properties, built from a running server's model so that a good share of
 * the requests get past routing and binding and reach the pipeline, the planner and the database — mixed with junk
 * of every shape. The properties check only what must hold for any input: no 5xx, no trace or SQL in the answer,
 * and rejected writes change nothing.
 */

/**
 * Wraps a long run's property: with `SLUICE_FUZZ_REPORT` set (`pnpm fuzz:long`), prints the process's resident memory
 * and JS heap (after a collection, when `--expose-gc` allows one) at the start, half way and the end. The first half
 * fills every bounded cache (documents, statements, shapes) and brings the embedded PGlite's WebAssembly memory — part
 * of this process, and never returned — to its high-water mark; growth over the second half is what would be a leak,
 * and more than 64 MB of JS heap or 128 MB resident fails the run. `tick` is called once per generated request.
 */
export async function reportMemory(
  name: string,
  runs: number,
  run: (tick: () => void) => Promise<void>,
): Promise<void> {
  if (process.env['SLUICE_FUZZ_REPORT'] === undefined) return run(() => {})
  const sample = (): NodeJS.MemoryUsage => {
    globalThis.gc?.()
    return process.memoryUsage()
  }
  const start = sample()
  let middle: NodeJS.MemoryUsage | undefined
  let count = 0
  await run(() => {
    if (++count === Math.floor(runs / 2)) middle = sample()
  })
  const end = sample()
  const half = middle ?? start
  const mb = (n: number): string => (n / 1024 / 1024).toFixed(0)
  const series = (key: 'rss' | 'heapUsed'): string => `${mb(start[key])} → ${mb(half[key])} → ${mb(end[key])} MB`
  console.log(
    `[fuzz] ${name}: ${runs} requests, 0 failures; RSS ${series('rss')}, JS heap ${series('heapUsed')} (start → half → end)`,
  )
  if (end.heapUsed - half.heapUsed > 64 * 1024 * 1024)
    throw new Error(`${name}: the JS heap grew by ${mb(end.heapUsed - half.heapUsed)} MB over the second half`)
  if (end.rss - half.rss > 128 * 1024 * 1024)
    throw new Error(`${name}: resident memory grew by ${mb(end.rss - half.rss)} MB over the second half`)
}

/** Runs per property: `SLUICE_FUZZ_RUNS` (a long run sets 100000), else the CI budget given. */
export function fuzzRuns(ciBudget: number): number {
  const configured = Number(process.env['SLUICE_FUZZ_RUNS'])
  return Number.isSafeInteger(configured) && configured > 0 ? configured : ciBudget
}

const junkText = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    "'",
    "''",
    '\\',
    '%',
    '%00',
    '%zz',
    '..',
    '../..',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '0',
    '1e309',
    '9223372036854775808',
    '-9223372036854775809',
    '2147483648',
    '1.5',
    'true',
    '[]',
    '{}',
    '{"a":1}',
    "' or 1=1 --",
    '"); drop table books; --',
    '\u202e',
    '𝔘𝔫𝔦',
    'é'.repeat(50),
    'x'.repeat(5000),
  ),
)

const literal = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true }).map(String),
  fc.boolean().map(String),
  fc.string({ maxLength: 10 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.constant('null'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  junkText,
)

function fieldNames(model: ServiceModel): string[] {
  return [...new Set([...model.entities.values()].flatMap((e) => e.fields.map((f) => f.name)))]
}

/** `$filter` texts: expressions over real fields (and relationship names) with random operators and literals, or junk. */
function filterText(model: ServiceModel): fc.Arbitrary<string> {
  const field = fc.oneof(fc.constantFrom(...fieldNames(model)), junkText)
  const comparison = fc
    .tuple(
      fc.oneof(field, literal),
      fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'EQ', 'in', 'has', '=', ''),
      fc.oneof(literal, field),
    )
    .map(([a, op, b]) => `${a} ${op} ${b}`)
  const fn = fc
    .tuple(fc.constantFrom('contains', 'startswith', 'endswith', 'tolower', 'length', 'substringof'), field, literal)
    .map(([f, a, b]) => `${f}(${a}, ${b})`)
  const inList = fc.tuple(field, fc.array(literal, { maxLength: 5 })).map(([f, vs]) => `${f} in (${vs.join(', ')})`)
  const { expr } = fc.letrec((tie) => ({
    expr: fc.oneof(
      { depthSize: 'small' },
      comparison,
      fn,
      inList,
      junkText,
      fc
        .tuple(tie('expr'), fc.constantFrom('and', 'or', 'AND', ''), tie('expr'))
        .map(([a, op, b]) => `${a as string} ${op} ${b as string}`),
      tie('expr').map((e) => `not (${e as string})`),
      tie('expr').map((e) => `(${e as string}`),
    ),
  }))
  return expr as fc.Arbitrary<string>
}

function entityPaths(model: ServiceModel): string[] {
  return [...model.entities.values()].filter((e) => e.rest.enabled).map((e) => e.rest.path)
}

export interface FuzzRestRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS'
  readonly url: string
  readonly headers: Record<string, string>
  readonly payload: string | undefined
}

/** REST requests: real and junk paths, keys, query options and bodies, headers that matter. */
export function restRequestArbitrary(model: ServiceModel, restPath = '/api'): fc.Arbitrary<FuzzRestRequest> {
  const names = fieldNames(model)
  const segment = fc.oneof(fc.constantFrom(...names), junkText).map((s) => encodeURIComponent(s))
  const rawSegment = fc.oneof(segment, fc.constantFrom('%2F', '%2e%2e', '%', '%c0%ae', '..', '.', ''))
  const keys = fc
    .array(fc.tuple(rawSegment, fc.oneof(fc.integer().map(String), segment)), { maxLength: 3 })
    .map((pairs) => pairs.map(([k, v]) => `/${k}/${v}`).join(''))
  const path = fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...entityPaths(model)) }, { weight: 1, arbitrary: rawSegment }),
      keys,
    )
    .map(([entity, key]) => `${restPath}/${entity}${key}`)
  const option = fc.oneof(
    filterText(model).map((f) => ['$filter', f] as const),
    fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...names), junkText), fc.constantFrom('', ' asc', ' desc', ' up')), {
        maxLength: 4,
      })
      .map((terms) => ['$orderby', terms.map(([f, d]) => `${f}${d}`).join(',')] as const),
    fc
      .array(fc.oneof(fc.constantFrom(...names), junkText), { maxLength: 5 })
      .map((fields) => ['$select', fields.join(',')] as const),
    fc.oneof(fc.integer({ min: -5, max: 200_000 }).map(String), junkText).map((n) => ['$first', n] as const),
    fc.oneof(junkText, fc.base64String({ maxLength: 80 })).map((a) => ['$after', a] as const),
    fc.tuple(fc.oneof(junkText, fc.constantFrom('$expand', '$count', '$top', '$skip', '$FILTER')), junkText),
  )
  const queryString = fc.array(option, { maxLength: 4 }).chain((pairs) =>
    fc.boolean().map((raw) => {
      if (pairs.length === 0) return ''
      // Mostly well encoded; sometimes raw, so the parser meets stray '%', '&' and '#'.
      return `?${pairs.map(([k, v]) => (raw ? `${k}=${v}` : `${k}=${encodeURIComponent(v)}`)).join('&')}`
    }),
  )
  const jsonBody = fc.oneof(
    fc.json({ maxDepth: 3 }),
    fc
      .dictionary(
        fc.oneof(fc.constantFrom(...names), junkText),
        fc.oneof(literal, fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>),
        { maxKeys: 6 },
      )
      .map((o) => JSON.stringify(o)),
    fc.integer({ min: 1000, max: 4000 }).map((depth) => '{"a":['.repeat(depth) + '1' + ']}'.repeat(depth)),
    junkText,
  )
  return fc.record({
    method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'),
    url: fc.tuple(path, queryString).map(([p, q]) => `${p}${q}`),
    headers: fc.record(
      {
        'content-type': fc.constantFrom(
          'application/json',
          'text/plain',
          'application/xml',
          '',
          'application/json; charset=latin1',
        ),
        'if-match': fc.constantFrom('*', '"etag"', '', '* , *'),
        'x-ms-api-role': fc.oneof(
          fc.constantFrom('anonymous', 'authenticated', 'ADMIN'),
          junkText.filter((s) => /^[\x20-\x7e]*$/.test(s)),
        ),
      },
      { requiredKeys: [] },
    ),
    payload: fc.option(jsonBody, { nil: undefined }),
  }) as fc.Arbitrary<FuzzRestRequest>
}

function listFieldName(entity: EntityModel): string {
  const plural = entity.graphql.plural ?? `${entity.name}s`
  return plural.charAt(0).toLowerCase() + plural.slice(1)
}

/** GraphQL documents: queries over real fields and relationships with random arguments, mutations, and junk. */
export function graphqlBodyArbitrary(model: ServiceModel): fc.Arbitrary<string> {
  const entities = [...model.entities.values()].filter((e) => e.kind !== 'stored-procedure' && e.graphql.enabled)
  const value = (type: string): fc.Arbitrary<string> =>
    fc.oneof(
      {
        weight: 6,
        arbitrary:
          type === 'string'
            ? fc.string({ maxLength: 8 }).map((s) => JSON.stringify(s))
            : type === 'boolean'
              ? fc.boolean().map(String)
              : type === 'date' || type === 'datetime'
                ? fc.date({ noInvalidDate: true }).map((d) => JSON.stringify(d.toISOString()))
                : fc.integer({ min: -5, max: 100 }).map(String),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.integer().map(String),
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
          fc.constant('null'),
          fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 3 }).map((a) => `[${a.join(',')}]`),
          fc.constantFrom('ASC', '{}', '[]'),
        ),
      },
    )
  const args = (entity: EntityModel): fc.Arbitrary<string> => {
    const ops = (type: string): fc.Arbitrary<string> =>
      fc.oneof(
        {
          weight: 9,
          arbitrary:
            type === 'string'
              ? fc.constantFrom('eq', 'neq', 'contains', 'notContains', 'startsWith', 'endsWith', 'in', 'isNull')
              : fc.constantFrom('eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'in', 'isNull'),
        },
        { weight: 1, arbitrary: fc.constantFrom('bogus', 'contains', 'gt') },
      )
    const term = fc
      .constantFrom(...entity.fields)
      .chain((f) =>
        fc
          .tuple(ops(f.type), value(f.type))
          .map(
            ([op, v]) =>
              `${f.name}: { ${op}: ${op === 'in' && !v.startsWith('[') ? `[${v}]` : op === 'isNull' ? 'true' : v} }`,
          ),
      )
    const filter = fc
      .array(term, { maxLength: 3 })
      .chain((terms) =>
        fc
          .constantFrom('', 'or: [', 'and: [')
          .map((wrap) =>
            wrap === '' ? `{ ${terms.join(' ')} }` : `{ ${wrap}${terms.map((t) => `{ ${t} }`).join(', ')}] }`,
          ),
      )
    // fc.option's `freq` is 1 / probability of the value being absent.
    return fc
      .record({
        first: fc.option(
          fc
            .oneof(
              { weight: 5, arbitrary: fc.integer({ min: 1, max: 50 }) },
              { weight: 1, arbitrary: fc.integer({ min: -3, max: 150_000 }) },
            )
            .map(String),
          { freq: 2, nil: undefined },
        ),
        after: fc.oneof(
          { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => JSON.stringify(s)) },
          { weight: 9, arbitrary: fc.constant(undefined) },
        ),
        filter: fc.option(filter, { freq: 2, nil: undefined }),
        orderBy: fc.option(
          fc
            .constantFrom(...entity.fields.map((f) => f.name))
            .chain((f) => fc.constantFrom('ASC', 'DESC').map((d) => `{ ${f}: ${d} }`)),
          { freq: 2, nil: undefined },
        ),
      })
      .map((a) => {
        const list = Object.entries(a)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}: ${v as string}`)
        return list.length === 0 ? '' : `(${list.join(', ')})`
      })
  }
  const selection = (entity: EntityModel, depth: number): fc.Arbitrary<string> => {
    const scalars = fc
      .subarray([...entity.fields.map((f) => f.name), '__typename'], { minLength: 1 })
      .map((f) => f.join(' '))
    const relations = [...entity.relationships.values()]
    if (depth <= 0 || relations.length === 0) return scalars
    const nested = fc.constantFrom(...relations).chain((r) => {
      const target = model.entities.get(r.target)!
      return fc
        .tuple(args(target), selection(target, depth - 1))
        .map(([a, inner]) =>
          r.cardinality === 'many'
            ? `${r.name}${a} { items { ${inner} } hasNextPage endCursor }`
            : `${r.name} { ${inner} }`,
        )
    })
    return fc.tuple(scalars, fc.array(nested, { maxLength: 2 })).map(([s, n]) => `${s} ${n.join(' ')}`)
  }
  const query = fc
    .constantFrom(...entities)
    .chain((e) =>
      fc
        .tuple(args(e), selection(e, 3))
        .map(([a, s]) => `{ ${listFieldName(e)}${a} { items { ${s} } endCursor hasNextPage } }`),
    )
  const mutation = fc
    .constantFrom(...entities)
    .chain((e) =>
      fc
        .subarray([...e.fields])
        .chain((fields) =>
          fc
            .tuple(...fields.map((f) => value(f.type)))
            .map(
              (values) =>
                `mutation { create${e.graphql.singular ?? e.name}(item: { ${fields.map((f, i) => `${f.name}: ${values[i]}`).join(' ')} }) { __typename } }`,
            ),
        ),
    )
  // groupBy with random group fields, a random `fields { … }` selection (grouped or not: issue 36 found a 500 there)
  // and random aggregations over any field (non-numeric ones must be refused as 4xx).
  const groupBy = fc.constantFrom(...entities).chain((e) => {
    const names = e.fields.map((f) => f.name)
    const aggregation = fc
      .tuple(fc.constantFrom('count', 'sum', 'avg', 'min', 'max'), fc.constantFrom(...names), fc.boolean())
      .map(([fn, f, distinct]) => `${fn}(field: ${f}${distinct ? ', distinct: true' : ''})`)
    return fc
      .tuple(args(e), fc.subarray(names), fc.subarray(names), fc.array(aggregation, { maxLength: 3 }))
      .map(
        ([a, grouped, shown, aggs]) =>
          `{ ${listFieldName(e)}${a} { groupBy${grouped.length === 0 ? '' : `(fields: [${grouped.join(', ')}])`} {` +
          `${shown.length === 0 ? '' : ` fields { ${shown.join(' ')} }`}${aggs.length === 0 ? '' : ` aggregations { ${aggs.map((x, i) => `a${i}: ${x}`).join(' ')} }`} } } }`,
      )
  })
  // Several root fields in one document: one budget for all, each statement run once.
  const roots = fc
    .array(query, { minLength: 2, maxLength: 4 })
    .map((qs) => `{ ${qs.map((q, i) => `r${i}: ${q.slice(2, -2)}`).join(' ')} }`)
  const document = fc.oneof(
    { weight: 8, arbitrary: query },
    { weight: 2, arbitrary: groupBy },
    { weight: 2, arbitrary: roots },
    { weight: 2, arbitrary: mutation },
    { weight: 1, arbitrary: junkText },
  )
  return fc
    .tuple(
      document,
      fc.option(fc.jsonValue({ maxDepth: 3 }), { freq: 5, nil: undefined }),
      fc.integer({ min: 0, max: 9 }),
    )
    .map(([q, variables, dice]) => {
      if (dice === 0) return q // raw text, not JSON
      const vars =
        variables === undefined
          ? undefined
          : typeof variables === 'object' && variables !== null && !Array.isArray(variables)
            ? variables
            : { v: variables }
      return JSON.stringify(vars === undefined ? { query: q } : { query: q, variables: vars })
    })
}

/** MCP JSON-RPC `tools/call` bodies: real and junk tool names, arguments built from real entities and fields. */
export function mcpBodyArbitrary(model: ServiceModel): fc.Arbitrary<string> {
  const entityNames = [...model.entities.keys()]
  const names = fieldNames(model)
  const tool = fc.constantFrom(
    'describe_entities',
    'read_records',
    'create_record',
    'update_record',
    'delete_record',
    'execute_entity',
    'aggregate_records',
    'nope',
    '',
  )
  const anything = fc.jsonValue({ maxDepth: 2 })
  const fields = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 })), anything, {
    maxKeys: 4,
  })
  const argumentsArbitrary = fc.record(
    {
      entity: fc.oneof(fc.constantFrom(...entityNames), fc.string({ maxLength: 8 }), fc.integer()),
      select: fc.oneof(
        fc.array(fc.constantFrom(...names), { maxLength: 3 }).map((a) => a.join(',')),
        anything,
      ),
      filter: fc.oneof(filterText(model), anything),
      orderby: fc.oneof(
        fc.array(
          fc.constantFrom(...names).map((n) => `${n} desc`),
          { maxLength: 2 },
        ),
        anything,
      ),
      first: fc.oneof(fc.integer({ min: -2, max: 200_000 }), anything),
      after: fc.oneof(fc.string({ maxLength: 20 }), anything),
      data: fields,
      keys: fields,
      fields,
      parameters: fields,
      function: fc.constantFrom('count', 'sum', 'avg', 'min', 'max', 'median'),
      field: fc.constantFrom(...names, '*'),
      groupby: fc.array(fc.constantFrom(...names), { maxLength: 2 }),
      nameOnly: fc.oneof(fc.boolean(), anything),
      entities: fc.oneof(fc.array(fc.constantFrom(...entityNames), { maxLength: 2 }), anything),
    },
    { requiredKeys: [] },
  )
  return fc
    .tuple(
      tool,
      fc.oneof({ weight: 5, arbitrary: argumentsArbitrary }, { weight: 1, arbitrary: anything }),
      fc.oneof(fc.integer(), fc.string({ maxLength: 4 })),
    )
    .map(([name, args, id]) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } }),
    )
}

/** What no answer to any input may contain: a stack frame, SQL text, a driver's internals, a file path. */
export const LEAK =
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|\/work\/|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|\bjson_agg\b|\bpg_catalog\b/s
