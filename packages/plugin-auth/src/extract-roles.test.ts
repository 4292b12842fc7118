import { describe, expect, it } from 'vitest'
import type { RolesClaimSettings } from './auth-settings.js'
import { extractRoles } from './extract-roles.js'

const at = (
  segments: string[],
  format: RolesClaimSettings['format'] = 'array',
  delimiter = ' ',
): RolesClaimSettings => ({ path: segments.join('.'), segments, format, delimiter })

describe('extractRoles', () => {
  it('reads an array, trimming, lower-casing and dropping blanks and repeats', () => {
    expect(extractRoles({ roles: [' Admin', 'admin', '', 'Reader '] }, at(['roles']))).toEqual({
      roles: ['admin', 'reader'],
    })
  })

  it('walks nested objects and takes property names literally', () => {
    expect(extractRoles({ a: { 'b.c': { roles: ['X'] } } }, at(['a', 'b.c', 'roles']))).toEqual({ roles: ['x'] })
  })

  it('finds nothing through arrays, primitives or inherited properties', () => {
    expect(extractRoles({ a: [{ roles: ['x'] }] }, at(['a', '0', 'roles']))).toEqual({ roles: [] })
    expect(extractRoles({ a: 'text' }, at(['a', 'length']))).toEqual({ roles: [] })
    expect(extractRoles({}, at(['toString']))).toEqual({ roles: [] })
    expect(extractRoles({ roles: null }, at(['roles']))).toEqual({ roles: [] })
  })

  it('splits a delimited string on the configured delimiter only', () => {
    expect(extractRoles({ scp: 'a b\tc' }, at(['scp'], 'delimited-string'))).toEqual({ roles: ['a', 'b\tc'] })
    expect(extractRoles({ g: 'a;B ; c' }, at(['g'], 'delimited-string', ';'))).toEqual({ roles: ['a', 'b', 'c'] })
  })

  it.each([
    [{ roles: 7 }, at(['roles'])],
    [{ roles: [true] }, at(['roles'])],
    [{ roles: { admin: true } }, at(['roles'])],
    [{ role: ['a'] }, at(['role'], 'string')],
    [{ role: ['a'] }, at(['role'], 'delimited-string')],
  ])('calls a value of the wrong type invalid: %j', (claims, settings) => {
    expect(extractRoles(claims, settings)).toHaveProperty('invalid')
  })
})
