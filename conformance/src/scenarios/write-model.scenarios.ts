import * as fc from 'fast-check'
import { createColumnCellArbitrary } from '../arbitraries/column-value-arbitrary.js'
import { createFixtureTableArbitrary } from '../arbitraries/fixture-table-arbitrary.js'
import {
  createAddressableKeyValueArbitrary,
  createGeneratedKeyTableArbitrary,
} from '../arbitraries/writable-table-arbitrary.js'
import {
  WriteCommand,
  type Action,
  type BodyDraft,
  type DeleteBody,
  type KeyChoice,
  type TableRole,
  type WriteModel,
  type WriteReal,
} from '../commands/write-command.js'
import type { EngineLimits } from '../conformance-engine.js'
import { findFixtureColumn, type FixtureColumn, type FixtureRow, type FixtureTable } from '../fixture.js'
import { buildRowKeyId, type TableModel } from '../oracle/predict-write.js'
import { isSafeJsonInteger, type BodyField } from '../rest/write-body.js'
import type { Scenario } from '../scenario.js'

function keyChoiceArbitrary(table: FixtureTable): fc.Arbitrary<KeyChoice> {
  const columns = table.primaryKey.map((name) => findFixtureColumn(table, name))
  return fc.record({
    // Mostly an existing row (updates, conflicts, deletes), else a key of the domain (often absent).
    pick: fc.option(fc.nat(), { nil: undefined, freq: 3 }),
    values: fc.record(
      Object.fromEntries(columns.map((c) => [c.name, createAddressableKeyValueArbitrary(c)])),
    ) as fc.Arbitrary<FixtureRow>,
  })
}

/**
 * Bodies over the columns outside the key: complete (so PUT and inserts can succeed) or any subset in any order. Numbers go as JSON numbers or, sometimes, as numeric strings; 64-bit integers beyond 2^53 always as
 * strings (exact 64-bit literals are `write.exact-integers`' subject).
 */
function bodyDraftArbitrary(table: FixtureTable): fc.Arbitrary<BodyDraft> {
  const columns = table.columns.filter((c) => !table.primaryKey.includes(c.name))
  const field = (column: FixtureColumn): fc.Arbitrary<BodyField> =>
    fc.tuple(createColumnCellArbitrary(column.type, column.nullable), fc.boolean()).map(([value, asString]) => ({
      column,
      value,
      asString:
        (column.type === 'int' || column.type === 'bigint' || column.type === 'decimal') &&
        (asString || (typeof value === 'bigint' && !isSafeJsonInteger(value))),
    }))
  const all = fc.tuple(...columns.map(field))
  return fc.oneof(
    all,
    all.chain((fields) => fc.shuffledSubarray(fields)),
  )
}

function commandArbitraries(
  role: TableRole,
  table: FixtureTable,
): fc.Arbitrary<fc.AsyncCommand<WriteModel, WriteReal>>[] {
  const key = keyChoiceArbitrary(table)
  const body = bodyDraftArbitrary(table)
  const keyNames = table.primaryKey
  const chosenNames = keyNames.filter((name) => findFixtureColumn(table, name).generated !== true)
  // Keyless URLs: mostly exactly the parts the caller chooses (the valid form on a generated key), else any strict subset.
  const parts = fc
    .oneof({ arbitrary: fc.constant(chosenNames), weight: 2 }, { arbitrary: fc.subarray([...keyNames]), weight: 1 })
    .map((names) => (names.length === keyNames.length ? names.slice(0, -1) : names))
  const command = (action: fc.Arbitrary<Action>) => action.map((a) => new WriteCommand(role, a))
  const method = <M extends string>(...names: M[]) => fc.constantFrom(...names)
  // fc.commands draws uniformly from the list: repeating an entry weights it. By-key PUT/PATCH carry most of
  // SPEC's rules; keyless requests on a chosen key are always 400, so they come less often there.
  const byKey = command(fc.record({ kind: method('PUT', 'PATCH'), key, body, ifMatch: fc.boolean() }))
  const post = command(fc.record({ kind: method('POST'), key, body }))
  const keyless = command(
    fc.record({ kind: method('PUT keyless', 'PATCH keyless'), key, parts, body, ifMatch: fc.boolean() }),
  )
  return [
    post,
    post,
    byKey,
    byKey,
    byKey,
    byKey,
    ...(chosenNames.length < keyNames.length ? [keyless, keyless] : [keyless]),
    command(
      fc.record({
        kind: method('DELETE'),
        key,
        ifMatchValue: fc.option(fc.constantFrom('*', 'W/"1"', 'x'), { nil: undefined, freq: 2 }),
        body: fc.option(
          fc.oneof(
            {
              arbitrary: fc.constantFrom('{}', ' ', '{"x":1}', 'not json', '[1]').map((text): DeleteBody => ({ text })),
              weight: 4,
            },
            { arbitrary: fc.constant<DeleteBody>({ key: true }), weight: 1 },
          ),
          { nil: undefined, freq: 2 },
        ),
      }),
    ),
    command(fc.record({ kind: method('GET'), key })),
  ]
}

/**
 * The two tables, and commands on both. Without `limits.compositeGeneratedKeys` the generated key is always a
 * single-column key.
 */
function createTablesWithCommands(limits: EngineLimits) {
  return fc
    .tuple(
      createFixtureTableArbitrary({ name: 'write_chosen', maxRows: 6, maxOtherColumns: 4 }),
      createGeneratedKeyTableArbitrary({
        name: 'write_generated',
        maxRows: 6,
        compositeKey: limits.compositeGeneratedKeys !== false,
      }),
    )
    .chain(([chosen, generated]) =>
      fc.tuple(
        fc.constant(chosen),
        fc.constant(generated),
        fc.commands([...commandArbitraries('chosen', chosen), ...commandArbitraries('generated', generated)], {
          maxCommands: 40,
          size: 'max',
        }),
      ),
    )
}

/** REST writes against a `Map` model: statuses, records, Location and the table after every request. */
export const writeModelScenarios: readonly Scenario[] = [
  {
    key: 'write.model-based',
    title:
      'random POST, PUT, PATCH (with and without If-Match: *), keyless PUT/PATCH, DELETE and GET by key agree with a Map model',
    description:
      "Random sequences of POST, PUT and PATCH (with and without `If-Match: *`), keyless PUT/PATCH, DELETE (sometimes with an `If-Match`, which has no effect, and a body: none or `{}` is fine, a field or junk is a 400) and GET by key on two random tables, one whose key the caller chooses (PUT/PATCH upsert) and one with a database-generated key, sometimes after a chosen part unless the engine declares `limits.compositeGeneratedKeys: false` (PUT/PATCH by key only update, 404 when the row is absent; keyless PUT/PATCH and POST insert). Each request's status (200/201/204/404/409 or the documented 400), error message, record and `Location` agree with a `Map` model; a `Location` reads back the row, and after every request the whole table (GET `$first=-1`, in key order) equals the model.",
    async run(harness) {
      await harness.check(
        fc.asyncProperty(createTablesWithCommands(harness.limits), async ([chosen, generated, commands]) => {
          await harness.withServer(
            { tables: [chosen, generated] },
            async (server) => {
              const setup = () => ({
                model: { chosen: createTableModel(chosen), generated: createTableModel(generated) },
                real: { server },
              })
              await fc.asyncModelRun(setup, commands)
            },
            { actions: ['*'] },
          )
        }),
        30,
      )
    },
  },
]

function createTableModel(table: FixtureTable): TableModel {
  return { table, rows: new Map(table.rows.map((row) => [buildRowKeyId(table, row), row])) }
}
