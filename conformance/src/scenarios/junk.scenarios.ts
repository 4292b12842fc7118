import * as fc from 'fast-check'
import { expect } from 'vitest'
import {
  createJunkOptionValueArbitrary,
  createJunkQueryArbitrary,
  QUERY_OPTION_NAMES,
} from '../arbitraries/junk-arbitrary.js'
import type { FixtureTable } from '../fixture.js'
import type { FixtureServer, RestReply } from '../fixture-server.js'
import { expectErrorEnvelope } from '../rest/expect-error-envelope.js'
import { readRecords } from '../rest/read-records.js'
import type { Scenario } from '../scenario.js'

/** One small table with every neutral type, a composite key and NULLs; junk requests never change it. */
const JUNK_TABLE: FixtureTable = {
  name: 'junk_rows',
  columns: [
    { name: 'id', type: 'int', nullable: false },
    { name: 'Code', type: 'text', nullable: false },
    { name: 'big', type: 'bigint', nullable: true },
    { name: 'price', type: 'decimal', nullable: true },
    { name: 'title', type: 'text', nullable: true },
    { name: 'flag', type: 'boolean', nullable: true },
    { name: 'born', type: 'date', nullable: true },
    { name: 'seen_at', type: 'timestamp', nullable: true },
  ],
  primaryKey: ['id', 'Code'],
  rows: [
    {
      id: 1,
      Code: 'a',
      big: 9007199254740993n,
      price: '12.50',
      title: "it's",
      flag: true,
      born: '2000-02-29',
      seen_at: '2000-01-01T12:30:00',
    },
    { id: 1, Code: 'b', big: null, price: null, title: null, flag: null, born: null, seen_at: null },
    {
      id: -2,
      Code: '%_',
      big: -1n,
      price: '-0.25',
      title: 'a b',
      flag: false,
      born: '1999-12-31',
      seen_at: '1999-12-31T23:59:59.5',
    },
  ],
}

const FIELD_NAMES = JUNK_TABLE.columns.map((c) => c.name)

/**
 * Known options with junk values: mostly one option alone (so its junk reaches binding and SQL instead of losing
 * to another option's error), sometimes several, each at most once, in any order.
 */
const junkOptions = fc
  .oneof(
    { arbitrary: fc.constantFrom(...QUERY_OPTION_NAMES).map((name) => [name]), weight: 3 },
    { arbitrary: fc.shuffledSubarray([...QUERY_OPTION_NAMES], { minLength: 2 }), weight: 1 },
  )
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        createJunkOptionValueArbitrary(name, FIELD_NAMES).map((value): [string, string] => [name, value]),
      ),
    ),
  )

/** Junk input: whatever arrives in the query string, the answer is a success or a 4xx envelope, never a 5xx. */
export const junkScenarios: readonly Scenario[] = [
  {
    key: 'junk.query-values',
    title:
      'junk in $filter, $orderby, $select, $first and $after gives a 4xx error envelope (or a success), never a 5xx',
    description:
      'Junk in `$filter`, `$orderby`, `$select`, `$first` and `$after` never gives a 5xx. The answer is either a success envelope or a 4xx `{"error":{"code","message","status"}}` whose `status` equals the HTTP status.',
    async run(harness) {
      await harness.withServer({ tables: [JUNK_TABLE] }, async (server) => {
        await harness.check(
          fc.asyncProperty(junkOptions, async (options) => {
            const url = `/api/${JUNK_TABLE.name}?${options.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`
            const reply = await get(server, url)
            if (reply.status === 200) {
              readRecords(reply, url)
              return
            }
            const error = expectErrorEnvelope(reply, url)
            // No junk is a valid sealed cursor, and every other fault is a 400 too.
            if (options.some(([name]) => name === '$after')) expect(error.status, `GET ${url}`).toBe(400)
          }),
          300,
        )
      })
    },
  },
  {
    key: 'junk.query-structure',
    title: 'unknown, repeated, value-less or badly percent-encoded query parameters give 400 in the error envelope',
    description:
      'Unknown, repeated or value-less parameters, an empty name, or malformed percent-encoding give 400 in that envelope.',
    async run(harness) {
      await harness.withServer({ tables: [JUNK_TABLE] }, async (server) => {
        await harness.check(
          fc.asyncProperty(createJunkQueryArbitrary(FIELD_NAMES), async (query) => {
            const url = `/api/${JUNK_TABLE.name}?${query}`
            const error = expectErrorEnvelope(await get(server, url), url)
            expect(error.status, `GET ${url}`).toBe(400)
          }),
          150,
        )
      })
    },
  },
]

/** GET that turns a 5xx into a failure naming the request, before any envelope check. */
async function get(server: FixtureServer, url: string): Promise<RestReply> {
  const reply = await server.get(url)
  expect(reply.status, `GET ${url} → ${reply.status} ${reply.text.slice(0, 500)}`).toBeLessThan(500)
  return reply
}
