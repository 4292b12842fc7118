import * as fc from 'fast-check'
import type { NeutralType } from '../fixture.js'

/** The raw material of junk writes: texts that are not JSON objects, wrong values per type, junk `If-Match`, huge texts. */

/** Bodies over the server's default limit (1 MiB). */
export const OVERSIZED = 1024 * 1024 + 1

/**
 * Text that is not JSON at all, or not quite: cut short, single quotes, trailing commas, NaN, NUL, control characters.
 * (No byte order mark before valid JSON: RFC 8259 lets a parser ignore it.)
 */
export const NOT_JSON = [
  '{',
  '}',
  '{"a":}',
  "{'title':'x'}",
  '{"title":"x",}',
  '{title:"x"}',
  'undefined',
  'NaN',
  '{"a":1}}',
  '{"a":1} x',
  '[',
  '"x',
  '{"a":"\\x"}',
  '{"a":01}',
  '\u0000',
  '{"a":1',
  'nul',
  'tru',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":-}',
  '{"a" 1}',
  '{,}',
  '<x/>',
  'a=1&b=2',
  '{"a":1}\u0000',
  '{"a":"\u0001"}',
]

/** JSON that is not one object: arrays (several records) and scalars. */
export const NOT_OBJECT = [
  '[]',
  '[{}]',
  '[{"title":"x"}]',
  '[1,2]',
  '[null]',
  'null',
  '0',
  '-1',
  '1.5',
  '"x"',
  '""',
  'true',
  'false',
  '"{}"',
]

/** A missing or blank body. */
export const BLANK = [undefined, '', ' ', '\n\t ', '\r\n']

/** `If-Match` values other than the single `*` SPEC allows (an array sends the header several times). */
export const IF_MATCH_JUNK: readonly (string | readonly string[])[] = [
  'W/"1"',
  '"abc"',
  '**',
  '*,*',
  '* *',
  'x',
  '1',
  '"*"',
  'null',
  '*;q=1',
  ['*', '*'],
  ['*', 'x'],
  ['W/"1"', '*'],
]

/** JSON values a column of each type must refuse (wrong JSON type, impossible or out-of-range values, junk text). */
export const WRONG_VALUES: Readonly<Record<NeutralType, readonly string[]>> = {
  int: [
    '"abc"',
    '1.5',
    '"1.5"',
    '2147483648',
    '-2147483649',
    '"2147483648"',
    'true',
    '""',
    '" 1"',
    '"1 "',
    '1e400',
    '"0x10"',
    '"1e3"',
    '{}',
    '[1]',
    '"-"',
    '"٣"',
  ],
  bigint: [
    '"9223372036854775808"',
    '"-9223372036854775809"',
    '1.5',
    '"abc"',
    'false',
    '""',
    '[]',
    '{"n":1}',
    '"1_000"',
    '99999999999999999999999',
  ],
  decimal: [
    '"abc"',
    'true',
    '"1,5"',
    '"12.5.1"',
    '"NaN"',
    '"Infinity"',
    '1e400',
    '"1e400"',
    '""',
    '[1.5]',
    '{}',
    '"- 1"',
    '123456789.12',
    '"-99999999999.5"',
  ],
  text: ['5', '-1.5', 'true', 'false', '{"a":"b"}', '["x"]', '0', '{}', '[]'],
  boolean: ['1', '0', '"yes"', '"1"', '"TRUE"', '"true"', '"false"', '{}', '[true]', '""', '"t"'],
  date: [
    '"2001-02-29"',
    '"2000-13-01"',
    '"2000-00-10"',
    '"x"',
    '20000101',
    '"2000-01-01T00:00:00"',
    '"01/02/2000"',
    '"0000-01-01"',
    '""',
    'true',
    '"2000-1-1"',
    '"+2000-01-01"',
  ],
  timestamp: [
    '"2000-01-01T25:00:00"',
    '"2000-01-01T00:60:00"',
    '"2000-01-01T00:00:00+01:00"',
    '"2000-02-30T00:00:00"',
    '"yesterday"',
    '1',
    '""',
    '"2000-01-01T00:00:00.1234567890"',
    '"2000-01-01 T00:00"',
    'false',
  ],
}

/** Names every JavaScript object answers to; as body fields they are as unknown as any other. */
export const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype']

/**
 * Wrong values that look right: the JSON type a lenient reader would coerce (booleans and numbers as text, dates with
 * a time, times with an offset), numbers just out of range or precision. Every one is refused by SPEC's typing.
 */
export const NEAR_MISSES: Readonly<Record<NeutralType, readonly string[]>> = {
  int: ['"1.0"', '1.5', '2147483648', '"true"', '" 7"'],
  bigint: ['"9223372036854775808"', '0.5', '"1e3"'],
  decimal: ['"1,50"', '123456789.12', '"$1"', 'false'],
  text: ['1', 'true', 'false'],
  boolean: ['"true"', '"false"', '1', '0', '"1"'],
  date: ['"2000-01-01T00:00:00"', '"2001-02-29"', '"2000-01-01Z"'],
  timestamp: ['"2000-01-01T00:00:00+01:00"', '"2000-01-01T24:00:00"', '"2000-01-01T00:00:00.1234567890"'],
}

export const NESTED = ['{"a":1}', '[1]', '[]', '{}', '{"value":"x"}', '[{"a":[{}]}]', '{"$ref":"x"}']

/** A long text, not compressible to a short one, from a seed (so shrinking and replay give the same text). */
export function createNoisyText(seed: number, length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~é'
  let state = seed >>> 0 || 1
  let out = ''
  for (let i = 0; i < length; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    out += alphabet[(state >>> 0) % alphabet.length]
  }
  return out
}

/** A huge string: repetitive (compresses well) or noisy (does not), 10 to 100 thousand characters. */
export const hugeTextArbitrary = fc
  .tuple(fc.boolean(), fc.integer(), fc.integer({ min: 10_000, max: 100_000 }))
  .map(([noisy, seed, length]) =>
    noisy ? createNoisyText(seed, length) : 'ab9'.repeat(Math.ceil(length / 3)).slice(0, length),
  )
