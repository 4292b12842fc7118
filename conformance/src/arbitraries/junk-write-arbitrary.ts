import * as fc from 'fast-check'
import type { FixtureTable } from '../fixture.js'
import { encodeJsonValue } from '../rest/write-body.js'
import {
  BLANK,
  createNoisyText,
  hugeTextArbitrary,
  IF_MATCH_JUNK,
  NEAR_MISSES,
  NESTED,
  NOT_JSON,
  NOT_OBJECT,
  OVERSIZED,
  PROTOTYPE_NAMES,
  WRONG_VALUES,
} from './junk-write-values.js'
import { createUnknownFieldArbitrary } from './unknown-field-arbitrary.js'
import { createAddressableKeyValueArbitrary } from './writable-table-arbitrary.js'
import {
  bodyColumns,
  createTargetArbitrary,
  createValidEntriesArbitrary,
  describeTable,
  objectText,
  toRequest,
  type JunkWriteCase,
  type TableShape,
  type Target,
} from './junk-write-target.js'
import { createBadUrlArbitrary } from './junk-write-url-arbitrary.js'

export type { JunkWriteCase } from './junk-write-target.js'

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
  const request = fc
    .tuple(method, target, fc.boolean())
    .map(([m, t, ifMatch]) => ({ method: m, target: t, ifMatch: m !== 'POST' && ifMatch }))

  const malformedBody = fc
    .tuple(
      request,
      fc.oneof(
        fc.constantFrom(...NOT_JSON),
        fc
          .string({ unit: 'binary', maxLength: 20 })
          .filter((text) => text.trim() !== '' && !parsesAsJson(text.replace(/^\ufeff/, ''))),
        fc.constantFrom(...NOT_OBJECT),
        fc.constantFrom(...BLANK),
      ),
    )
    .map(([r, body]): JunkWriteCase => ({
      defect:
        body === undefined || body.trim() === ''
          ? 'missing or blank body'
          : parsesAsJson(body)
            ? 'a JSON value that is not an object'
            : 'a body that is not JSON',
      request: toRequest(shape, r.method, r.target, body, r.ifMatch ? '*' : undefined),
    }))

  const badFields = request
    .chain((r) =>
      fc.tuple(
        fc.constant(r),
        createValidEntriesArbitrary(shape, r.method, r.target),
        // Mostly one bad field, so that no other fault hides it; sometimes several.
        fc.oneof(
          { arbitrary: createBadEntryArbitrary(shape, r.method, r.target).map((entry) => [entry]), weight: 3 },
          {
            arbitrary: fc.array(createBadEntryArbitrary(shape, r.method, r.target), { minLength: 2, maxLength: 3 }),
            weight: 1,
          },
        ),
        fc.nat(),
      ),
    )
    .map(([r, valid, bad, at]): JunkWriteCase => {
      const entries = [...valid]
      for (const [i, entry] of bad.entries()) {
        const same = entries.findIndex(([name]) => name === entry.name)
        if (same >= 0) entries.splice(same, 1)
        entries.splice((at + i) % (entries.length + 1), 0, [entry.name, entry.json])
      }
      return {
        defect: bad.map((b) => b.defect).join('; '),
        request: toRequest(shape, r.method, r.target, objectText(entries), r.ifMatch ? '*' : undefined),
      }
    })

  const ifMatchJunk = fc
    .tuple(fc.constantFrom('PUT', 'PATCH') as fc.Arbitrary<'PUT' | 'PATCH'>, target)
    .chain(([m, t]) =>
      fc.tuple(
        fc.constant(m),
        fc.constant(t),
        createValidEntriesArbitrary(shape, m, t),
        fc.constantFrom(...IF_MATCH_JUNK),
      ),
    )
    .map(([m, t, valid, ifMatch]): JunkWriteCase => ({
      defect: `If-Match ${JSON.stringify(ifMatch)}`,
      request: toRequest(shape, m, t, objectText(valid), ifMatch),
    }))

  const oversized = fc
    .tuple(request, fc.boolean())
    .chain(([r, valid]) =>
      fc.tuple(
        fc.constant(r),
        valid ? createValidEntriesArbitrary(shape, r.method, r.target) : fc.constant([]),
        fc.constant(valid),
      ),
    )
    .map(([r, valid, isObject]): JunkWriteCase => {
      const filler = shape.text ?? 'x'
      const body = isObject
        ? objectText([...valid.filter(([name]) => name !== filler), [filler, JSON.stringify('x'.repeat(OVERSIZED))]])
        : `"${'x'.repeat(OVERSIZED)}"`
      return {
        defect: `a body of ${body.length} bytes`,
        request: toRequest(shape, r.method, r.target, body, r.ifMatch ? '*' : undefined),
        status: 413,
      }
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

/** A body field that makes a request fail, and why. */
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
  const misplaced = shape.table.columns.filter(
    (c) => c.generated === true || (method !== 'POST' && shape.key.includes(c)),
  )
  const anyJson = fc.constantFrom('1', '"x"', 'null', 'true', '{}', '[]')
  const entries: fc.WeightedArbitrary<BadEntry>[] = [
    {
      arbitrary: fc
        .tuple(fc.oneof(createUnknownFieldArbitrary(names), fc.constantFrom(...PROTOTYPE_NAMES)), anyJson)
        .map(([name, json]) => ({ name, json, defect: `unknown field ${JSON.stringify(name)}` })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom(...writable)
        .chain((c) =>
          fc
            .constantFrom(...WRONG_VALUES[c.type])
            .map((json) => ({ name: c.name, json, defect: `${json} for ${c.type} ${c.name}` })),
        ),
      weight: 5,
    },
    {
      arbitrary: fc
        .constantFrom(...writable)
        .chain((c) =>
          fc
            .constantFrom(...NEAR_MISSES[c.type])
            .map((json) => ({ name: c.name, json, defect: `${json} for ${c.type} ${c.name}` })),
        ),
      weight: 3,
    },
    {
      arbitrary: fc
        .constantFrom(...shape.table.columns)
        .chain((c) =>
          fc.constantFrom(...NESTED).map((json) => ({ name: c.name, json, defect: `nested ${json} for ${c.name}` })),
        ),
      weight: 1,
    },
    {
      arbitrary: hugeTextArbitrary.map((text) => ({
        name: text,
        json: '1',
        defect: `a field named by ${text.length} characters`,
      })),
      weight: 1,
    },
  ]
  if (nonNull.length > 0)
    entries.push({
      arbitrary: fc
        .constantFrom(...nonNull)
        .map((c) => ({ name: c.name, json: 'null', defect: `null for non-nullable ${c.name}` })),
      weight: 2,
    })
  if (nonText.length > 0)
    entries.push({
      arbitrary: fc.tuple(fc.constantFrom(...nonText), hugeTextArbitrary).map(([c, text]) => ({
        name: c.name,
        json: JSON.stringify(text),
        defect: `${text.length} characters for ${c.type} ${c.name}`,
      })),
      weight: 1,
    })
  if (misplaced.length > 0) {
    // The very value the URL names is refused too.
    entries.push({
      arbitrary: fc.constantFrom(...misplaced).chain((c) =>
        fc.oneof(fc.constant(target.key[c.name]!), createAddressableKeyValueArbitrary(c)).map((value) => ({
          name: c.name,
          json: encodeJsonValue(c, value, typeof value === 'bigint'),
          defect: `${c.generated === true ? 'generated' : 'key'} field ${c.name} in the body`,
        })),
      ),
      weight: 2,
    })
  }
  return fc.oneof(...entries)
}

/**
 * Key values past common index limits: a text key part of 10 to 50 thousand noisy characters, in a POST body or in a
 * PUT/PATCH path (an upsert tries to insert it), the rest of the write valid. Undefined when the caller chooses no
 * text key part.
 */
function createHugeKeyArbitrary(shape: TableShape): fc.Arbitrary<JunkWriteCase> | undefined {
  const column = shape.chosenKey.find((c) => c.type === 'text')
  if (column === undefined || shape.chosenKey.length !== shape.key.length) return undefined
  return fc
    .tuple(
      fc.constantFrom('POST', 'PUT', 'PATCH') as fc.Arbitrary<'POST' | 'PUT' | 'PATCH'>,
      createTargetArbitrary(shape),
      fc.integer(),
      fc.integer({ min: 10_000, max: 50_000 }),
    )
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
  const cut = (text: string): string =>
    text.length > 300 ? `${text.slice(0, 200)}… (${text.length} characters)` : text
  const description = `${junk.defect}: ${junk.request.method} ${cut(junk.request.url)}${junk.request.headers === undefined ? '' : ` ${JSON.stringify(junk.request.headers)}`}${junk.request.body === undefined ? '' : ` ${cut(JSON.stringify(junk.request.body))}`}`
  return Object.assign(
    Object.create({ [fc.toStringMethod]: () => description, toString: () => description }) as object,
    junk,
  ) as JunkWriteCase
}
