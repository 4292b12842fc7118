import { describe, expect, it } from 'vitest'
import { parseConfig } from './load-config.js'

const DATA_SOURCE = { 'database-type': 'postgresql', 'connection-string': 'postgres://localhost/db' }
const READ = [{ role: 'anonymous', actions: ['read'] }]

function definition(raw: unknown) {
  return parseConfig(
    { 'data-source': DATA_SOURCE, autoentities: { all: raw } },
    { baseDir: '/', env: {} },
  ).autoentities.get('all')!
}

describe('autoentities normalization', () => {
  it("applies Data API builder's defaults to an empty definition", () => {
    expect(definition({ permissions: READ })).toEqual({
      name: 'all',
      dataSource: 'default',
      patterns: { include: ['%.%'], exclude: [], name: '{schema}_{object}' },
      template: {
        rest: { enabled: true },
        graphql: { enabled: true },
        mcp: { dmlTools: true, customTool: false },
        health: { enabled: true },
        cache: { enabled: undefined, ttlSeconds: undefined, level: undefined },
      },
      permissions: [{ role: 'anonymous', actions: [{ action: 'read', fields: undefined, policy: undefined }] }],
    })
  })

  it('reads every template key, booleans and integers in their string forms too', () => {
    const read = definition({
      patterns: { include: ['dbo.%'], exclude: ['dbo.tmp%'], name: 'api_{object}' },
      template: {
        rest: { enabled: 'false' },
        graphql: { enabled: false },
        mcp: false,
        health: { enabled: '0' },
        cache: { enabled: true, 'ttl-seconds': '30', level: 'l1' },
      },
      permissions: [{ role: 'reader', actions: '*' }],
    })
    expect(read.patterns).toEqual({ include: ['dbo.%'], exclude: ['dbo.tmp%'], name: 'api_{object}' })
    expect(read.template).toEqual({
      rest: { enabled: false },
      graphql: { enabled: false },
      mcp: { dmlTools: false, customTool: false },
      health: { enabled: false },
      cache: { enabled: true, ttlSeconds: 30, level: 'L1' },
    })
    expect(read.permissions).toEqual([
      { role: 'reader', actions: [{ action: '*', fields: undefined, policy: undefined }] },
    ])
    expect(definition({ template: { mcp: { 'dml-tools': false } }, permissions: READ }).template.mcp).toEqual({
      dmlTools: false,
      customTool: false,
    })
  })

  it('splits patterns at commas and trims them, as the database query of Data API builder does', () => {
    expect(
      definition({ patterns: { include: [' dbo.a% , dbo.b%', ''], exclude: ['x.%,'] }, permissions: READ }).patterns,
    ).toEqual({ include: ['dbo.a%', 'dbo.b%'], exclude: ['x.%'], name: '{schema}_{object}' })
  })

  it('keeps an empty include list (it matches every table) and treats a blank name as the default', () => {
    expect(definition({ patterns: { include: [], name: '  ' }, permissions: READ }).patterns).toEqual({
      include: [],
      exclude: [],
      name: '{schema}_{object}',
    })
  })
})
