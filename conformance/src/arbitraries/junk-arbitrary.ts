import * as fc from 'fast-check'
import { printFilterExpression } from '@sluice/core/protocol'
import { createFilterNodeArbitrary } from './filter-node-arbitrary.js'

/** The query options REST understands. */
export const QUERY_OPTION_NAMES: readonly string[] = Object.freeze([
  '$filter',
  '$orderby',
  '$select',
  '$first',
  '$after',
])

/** Parameter names REST does not understand: OData options it lacks, case and spacing variants, prototype keys. */
const UNKNOWN_NAMES = [
  '$top',
  '$skip',
  '$count',
  '$expand',
  '$search',
  '$FILTER',
  '$Filter',
  '$orderBy',
  'filter',
  'select',
  '$',
  '$first ',
  ' $first',
  'a[b]',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '😀',
]

/**
 * Percent-encoding garbage that stays malformed whatever follows it in a name (`=`) or value (`&` or the end): a
 * lone or doubled `%`, non-hex digits, truncated escapes, invalid UTF-8 (lone lead byte, surrogate, `FF`).
 */
const PERCENT_GARBAGE = ['%', '%G1', '%zz', '%4', '%E0%A4%A', '%C3', '%FF%FE', '%%', '%ED%A0%80', '%u0041']

/** Pieces of plausible-looking input: operators, punctuation, out-of-range numbers, impossible dates, NUL, astral characters. */
function createFragments(fieldNames: readonly string[]): string[] {
  return [
    ...fieldNames,
    '(',
    ')',
    ',',
    ' ',
    "'",
    "''",
    "'a'",
    'eq',
    'ne',
    'gt',
    'le',
    'and',
    'or',
    'not',
    'in',
    'null',
    'true',
    'false',
    'asc',
    'desc',
    'contains(',
    'startswith(',
    'endswith(',
    'tolower(',
    '-',
    '.',
    '1',
    '-1',
    '0',
    '-0',
    '12.345',
    '2147483648',
    '9223372036854775808',
    '-9223372036854775809',
    '1e400',
    '1e-400',
    '1e309',
    '2000-02-30',
    '2000-01-01',
    '2000-01-01T24:00:00',
    '2000-01-01T10:00:00Z',
    '0000-01-01',
    '9999-12-31T23:59:59.9999999',
    '10:00:00',
    '01234567-89ab-cdef-0123-456789abcdef',
    'a\u0000b',
    '\u0000',
    '😀',
    'Ü',
    '%',
    '@item.',
    '@claims.sub',
    '\t',
    '\n',
    ':',
    'T',
    '*',
  ]
}

/**
 * Junk for one query option's value: token soup over the entity's own field names, random Unicode, numbers a page
 * size must reject, base64url look-alikes of cursors, very long or deeply nested text.
 */
export function createJunkValueArbitrary(fieldNames: readonly string[]): fc.Arbitrary<string> {
  const fragments = createFragments(fieldNames)
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.array(fc.constantFrom(...fragments), { minLength: 1, maxLength: 12 }), fc.constantFrom('', ' '))
        .map(([parts, sep]) => parts.join(sep)),
      weight: 5,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).filter(isEncodable), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '-1',
        '0',
        '-0',
        '1e3',
        '0x10',
        '1.5',
        '+5',
        ' 5',
        '٣',
        '00001',
        '-2',
        '100001',
        '2147483648',
        '9007199254740993',
        '99999999999999999999',
      ),
      weight: 2,
    },
    { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,90}$/), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        'a'.repeat(9000),
        '('.repeat(100),
        `${'not '.repeat(70)}true`,
        `${'id eq 1 and '.repeat(800)}true`,
        `${'a,'.repeat(3000)}a`,
      ),
      weight: 1,
    },
  )
}

/**
 * Junk shaped for one option, so that much of it gets past parsing into binding, planning and SQL: for
 * `$filter`, well-formed expressions over the entity's fields with literals of any type (type mismatches, null in
 * `in`, string functions on numbers, out-of-range dates); for `$orderby` and `$select`, lists mixing real and
 * unknown names, odd directions and separators; otherwise (and always sometimes) {@link createJunkValueArbitrary}.
 */
export function createJunkOptionValueArbitrary(option: string, fieldNames: readonly string[]): fc.Arbitrary<string> {
  const generic = createJunkValueArbitrary(fieldNames)
  const name = fc.oneof({ arbitrary: fc.constantFrom(...fieldNames), weight: 4 }, { arbitrary: generic, weight: 1 })
  switch (option) {
    case '$filter':
      return fc.oneof(
        generic,
        createFilterNodeArbitrary({ fieldNames, maxDepth: 2 }).map((node) =>
          printFilterExpression(node, { mode: 'filter' }),
        ),
      )
    case '$orderby':
      return fc.oneof(
        generic,
        fc
          .array(fc.tuple(name, fc.constantFrom('', ' asc', ' desc', ' ASC', ' up', '  desc ')), {
            minLength: 1,
            maxLength: 4,
          })
          .chain((terms) => fc.constantFrom(',', ', ', ' ,').map((sep) => terms.map(([n, d]) => n + d).join(sep))),
      )
    case '$select':
      return fc.oneof(
        generic,
        fc
          .tuple(fc.array(name, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ', ', ',,'))
          .map(([names, sep]) => names.join(sep)),
      )
    default:
      return generic
  }
}

function isEncodable(text: string): boolean {
  try {
    encodeURIComponent(text)
    return true
  } catch {
    return false
  }
}

/**
 * Raw query strings (without `?`) with structural faults: unknown parameter names, a known option given twice,
 * percent garbage in names or values, a name without `=`, an empty name; mixed with stray `&` and well-formed
 * options carrying junk. At least one pair is faulty, so the whole query must be rejected.
 */
export function createJunkQueryArbitrary(fieldNames: readonly string[]): fc.Arbitrary<string> {
  const value = createJunkValueArbitrary(fieldNames).map(encodeURIComponent)
  const known = fc.constantFrom(...QUERY_OPTION_NAMES)
  const garbage = fc.constantFrom(...PERCENT_GARBAGE)
  const faulty: fc.Arbitrary<string>[] = [
    fc.tuple(fc.constantFrom(...UNKNOWN_NAMES), value).map(([name, v]) => `${encodeURIComponent(name)}=${v}`),
    fc.tuple(known, value, value).map(([name, a, b]) => `${name}=${a}&${name}=${b}`),
    fc.tuple(known, value, garbage).map(([name, v, g]) => `${name}=${v}${g}`),
    fc.tuple(known, garbage, value).map(([name, g, v]) => `${name}${g}=${v}`),
    known,
    value.map((v) => `=${v}`),
  ]
  const neutral: fc.Arbitrary<string>[] = [fc.tuple(known, value).map(([name, v]) => `${name}=${v}`), fc.constant('')]
  return fc
    .tuple(fc.oneof(...faulty), fc.array(fc.oneof(...faulty, ...neutral), { maxLength: 4 }), fc.nat())
    .map(([fault, others, at]) => {
      const pairs = [...others]
      pairs.splice(at % (pairs.length + 1), 0, fault)
      return pairs.join('&')
    })
}
