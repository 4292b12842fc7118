import { describe, expect, it } from 'vitest'
import { findUnimplementedKeys } from './unimplemented-keys.js'

const line = (key: string) => `Config key ${key} is accepted but not implemented yet; it has no effect.`

describe('findUnimplementedKeys', () => {
  it('finds nothing in a config without listed keys', () => {
    expect(findUnimplementedKeys({ runtime: { rest: {} }, entities: { A: { source: 'a' } } })).toEqual([])
  })

  it('reports each key kind once, however many entities use it', () => {
    const entities = { A: { health: {}, cache: {} }, B: { cache: {} } }
    expect(findUnimplementedKeys({ entities })).toEqual([line('entities.*.cache')])
  })

  it('finds runtime.host keys under the top-level host too', () => {
    expect(findUnimplementedKeys({ host: { 'max-response-size-mb': 5 } })).toEqual([line('host.max-response-size-mb')])
  })

  it('treats null as absent', () => {
    expect(findUnimplementedKeys({ runtime: { host: { cors: null } } })).toEqual([])
  })

  it('uses the list it is given', () => {
    expect(findUnimplementedKeys({ runtime: { rest: { path: '/x' } } }, ['runtime.rest.path'])).toEqual([line('runtime.rest.path')])
  })
})
