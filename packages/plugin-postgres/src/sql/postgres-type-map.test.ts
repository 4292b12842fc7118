import { describe, expect, it } from 'vitest'
import { mapPostgresType } from './postgres-type-map.js'

describe('mapPostgresType', () => {
  it.each([
    ['int2', 'short'],
    ['int4', 'int'],
    ['int8', 'long'],
    ['float4', 'single'],
    ['float8', 'float'],
    ['numeric', 'decimal'],
    ['money', 'decimal'],
    ['bool', 'boolean'],
    ['text', 'string'],
    ['varchar', 'string'],
    ['bpchar', 'string'],
    ['name', 'string'],
    ['citext', 'string'],
    ['xml', 'string'],
    ['inet', 'string'],
    ['cidr', 'string'],
    ['macaddr', 'string'],
    ['interval', 'string'],
    ['uuid', 'uuid'],
    ['date', 'date'],
    ['timestamp', 'datetime'],
    ['timestamptz', 'datetimeoffset'],
    ['time', 'time'],
    ['timetz', 'time'],
    ['bytea', 'bytes'],
    ['json', 'json'],
    ['jsonb', 'json'],
  ] as const)('maps catalog type %s to %s', (name, expected) => {
    expect(mapPostgresType(name)).toBe(expected)
  })

  it.each([
    ['smallint', 'short'],
    ['integer', 'int'],
    ['bigint', 'long'],
    ['real', 'single'],
    ['double precision', 'float'],
    ['numeric(10,2)', 'decimal'],
    ['boolean', 'boolean'],
    ['character varying(100)', 'string'],
    ['character(3)', 'string'],
    ['timestamp(3) without time zone', 'datetime'],
    ['timestamp with time zone', 'datetimeoffset'],
    ['time with time zone', 'time'],
    ['TEXT', 'string'],
  ] as const)('maps the declared spelling %s to %s', (name, expected) => {
    expect(mapPostgresType(name)).toBe(expected)
  })

  it('maps every array to array, by category or by name', () => {
    expect(mapPostgresType('_int4', 'A')).toBe('array')
    expect(mapPostgresType('_whatever', 'A')).toBe('array')
    expect(mapPostgresType('_text')).toBe('array')
    expect(mapPostgresType('integer[]')).toBe('array')
  })

  it('maps enums to string and everything else to unknown', () => {
    expect(mapPostgresType('mood', 'E')).toBe('string')
    expect(mapPostgresType('point', 'G')).toBe('unknown')
    expect(mapPostgresType('tsvector')).toBe('unknown')
    expect(mapPostgresType('int4range', 'R')).toBe('unknown')
  })
})
