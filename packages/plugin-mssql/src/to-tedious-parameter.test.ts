import { describe, expect, it } from 'vitest'
import tedious from 'tedious'
import { toTediousParameter } from './to-tedious-parameter.js'

const { TYPES } = tedious
type PreciseDate = Date & { nanosecondDelta?: number }

describe('toTediousParameter', () => {
  it('declares plan parameters by their scalar type', () => {
    expect(toTediousParameter({ type: 'int', value: 5 })).toEqual({ type: TYPES.Int, value: 5 })
    expect(toTediousParameter({ type: 'long', value: '9223372036854775807' })).toEqual({
      type: TYPES.BigInt,
      value: '9223372036854775807',
    })
    expect(toTediousParameter({ type: 'string', value: 'x' })).toEqual({ type: TYPES.NVarChar, value: 'x' })
    expect(toTediousParameter({ type: 'uuid', value: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' }).type).toBe(
      TYPES.UniqueIdentifier,
    )
    expect(toTediousParameter({ type: 'boolean', value: true })).toEqual({ type: TYPES.Bit, value: true })
    expect(toTediousParameter({ type: 'bytes', value: Uint8Array.of(1, 2) })).toEqual({
      type: TYPES.VarBinary,
      value: Buffer.from([1, 2]),
    })
    expect(toTediousParameter({ type: 'date', value: null })).toEqual({ type: TYPES.Date, value: null })
  })

  it('reads cursor values, which arrive as text, into their types', () => {
    expect(toTediousParameter({ type: 'int', value: '42' })).toEqual({ type: TYPES.Int, value: 42 })
    expect(toTediousParameter({ type: 'boolean', value: 'false' })).toEqual({ type: TYPES.Bit, value: false })
    expect(toTediousParameter({ type: 'float', value: '1.0000000000000002E+000' })).toEqual({
      type: TYPES.Float,
      value: 1.0000000000000002,
    })
  })

  it('sends decimals as Decimal(19, their scale), and as text (converted exactly by the server) past 15 digits', () => {
    expect(toTediousParameter({ type: 'decimal', value: '-12.50' })).toEqual({
      type: TYPES.Decimal,
      value: '-12.50',
      options: { precision: 19, scale: 2 },
    })
    expect(toTediousParameter({ type: 'decimal', value: '0.05' })).toEqual({
      type: TYPES.Decimal,
      value: '0.05',
      options: { precision: 19, scale: 2 },
    })
    expect(toTediousParameter({ type: 'decimal', value: '0.000000000000000001' })).toEqual({
      type: TYPES.NVarChar,
      value: '0.000000000000000001',
    })
    expect(toTediousParameter({ type: 'decimal', value: '12345678901234567.5' })).toEqual({
      type: TYPES.NVarChar,
      value: '12345678901234567.5',
    })
  })

  it('keeps dates and times to 100 ns: milliseconds in the Date, the rest in nanosecondDelta', () => {
    const datetime = toTediousParameter({ type: 'datetime', value: '2024-02-29T23:59:58.1234567' })
    expect(datetime.type).toBe(TYPES.DateTime2)
    expect(datetime.options).toEqual({ scale: 7 })
    expect((datetime.value as Date).toISOString()).toBe('2024-02-29T23:59:58.123Z')
    expect((datetime.value as PreciseDate).nanosecondDelta).toBeCloseTo(0.0004567, 10)
    expect((toTediousParameter({ type: 'datetime', value: '2024-01-01 10:00:00Z' }).value as Date).toISOString()).toBe(
      '2024-01-01T10:00:00.000Z',
    )
    const offset = toTediousParameter({ type: 'datetimeoffset', value: '2024-01-01T10:00:00+02:00' })
    expect((offset.value as Date).toISOString()).toBe('2024-01-01T08:00:00.000Z')
    expect((toTediousParameter({ type: 'date', value: '0099-12-31' }).value as Date).toISOString()).toBe(
      '0099-12-31T00:00:00.000Z',
    )
    const time = toTediousParameter({ type: 'time', value: '13:45:10.5' })
    expect(time.type).toBe(TYPES.Time)
    expect((time.value as Date).toISOString()).toBe('1970-01-01T13:45:10.500Z')
  })

  it('rejects text that is no date as a parameter error (a 400), before anything is sent', () => {
    expect(() => toTediousParameter({ type: 'date', value: 'yesterday' })).toThrow(
      expect.objectContaining({ code: 'EPARAM' }),
    )
  })

  it('types plain values (catalog queries) by their JavaScript type', () => {
    expect(toTediousParameter('[["dbo","books"]]')).toEqual({ type: TYPES.NVarChar, value: '[["dbo","books"]]' })
    expect(toTediousParameter(7)).toEqual({ type: TYPES.Int, value: 7 })
    expect(toTediousParameter(2 ** 40)).toEqual({ type: TYPES.Float, value: 2 ** 40 })
    expect(toTediousParameter(null)).toEqual({ type: TYPES.NVarChar, value: null })
  })
})
