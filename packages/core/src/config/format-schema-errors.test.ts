import { describe, expect, it } from 'vitest'
import { formatConfigProblem } from './config-report.js'
import { validateConfigSchema } from './config-schema.js'
import { formatSchemaErrors } from './format-schema-errors.js'

const DATA_SOURCE = { 'database-type': 'mssql', 'connection-string': 'x' }
const READ = [{ role: 'anonymous', actions: ['read'] }]

function schemaProblems(json: Record<string, unknown>): string[] {
  const value = { 'data-source': DATA_SOURCE, entities: {}, ...json }
  if (validateConfigSchema(value)) return []
  return formatSchemaErrors(validateConfigSchema.errors ?? [], value).map(formatConfigProblem)
}

function entityProblems(entity: Record<string, unknown>): string[] {
  return schemaProblems({ entities: { Book: { source: 'b', permissions: READ, ...entity } } })
}

describe('formatSchemaErrors', () => {
  it('accepts the sample shapes', () => {
    expect(schemaProblems({ runtime: { rest: { enabled: '1' }, graphql: { 'depth-limit': null } } })).toEqual([])
  })

  it('names an unknown key, lists the allowed keys and suggests the near one', () => {
    expect(schemaProblems({ entitys: {} })).toEqual([
      "entitys: unknown key 'entitys' (allowed: $schema, data-source, data-source-files, runtime, host, entities, azure-key-vault, autoentities). Did you mean 'entities'?",
    ])
    expect(entityProblems({ permisions: READ })[0]).toMatch(
      /^entities\.Book\.permisions: unknown key 'permisions' \(allowed: description, source, .*\)\. Did you mean 'permissions'\?$/,
    )
  })

  it('reports enum and type mistakes with the value and what is allowed', () => {
    expect(
      schemaProblems({ runtime: { host: { mode: 'dev' }, rest: { 'request-body-strict': 'yes', path: 5 } } }),
    ).toEqual([
      'runtime.rest.path: expected string, got number 5',
      'runtime.rest.request-body-strict: expected boolean, got string "yes"',
      "runtime.host.mode: 'dev' is not allowed (allowed: development, production)",
    ])
  })

  it('reports integer ranges, accepting digit strings', () => {
    const mcp = {
      'dml-tools': { 'read-records': { 'query-timeout': 700 }, 'create-record': { 'query-timeout': '60' } },
    }
    expect(schemaProblems({ runtime: { mcp, health: { 'max-query-parallelism': 'many' } } })).toEqual([
      'runtime.mcp.dml-tools.read-records.query-timeout: expected integer from 1 to 600, got number 700',
      'runtime.health.max-query-parallelism: expected integer from 1 to 8, got string "many"',
    ])
    expect(schemaProblems({ runtime: { graphql: { 'depth-limit': 0 } } })).toEqual([
      'runtime.graphql.depth-limit: expected integer ≥ 1 (or -1, or null), got number 0',
    ])
  })

  it('reports a missing required key at its parent', () => {
    expect(schemaProblems({ 'data-source': { 'database-type': 'mssql' } })).toEqual([
      "data-source: missing required key 'connection-string'",
    ])
    expect(schemaProblems({ entities: { Book: { source: 'b' } } })).toEqual([
      "entities.Book: missing required key 'permissions'",
    ])
  })

  it('reports only the anyOf branch that matches the value type', () => {
    expect(entityProblems({ rest: { path: 'x', enabld: true } })).toEqual([
      "entities.Book.rest.enabld: unknown key 'enabld' (allowed: enabled, path, methods). Did you mean 'enabled'?",
    ])
    expect(entityProblems({ source: { objet: 'b' } })).toEqual([
      "entities.Book.source: missing required key 'object'",
      "entities.Book.source.objet: unknown key 'objet' (allowed: object, type, parameters, key-fields). Did you mean 'object'?",
    ])
    expect(entityProblems({ graphql: { type: { plural: 'Books' } } })).toEqual([
      "entities.Book.graphql.type: missing required key 'singular'",
    ])
  })

  it('reports one "expected X or Y" line when no branch matches', () => {
    expect(entityProblems({ rest: 'x', source: 5, mcp: [] })).toEqual([
      'entities.Book.source: expected string or object, got number 5',
      'entities.Book.rest: expected boolean or object, got string "x"',
      'entities.Book.mcp: expected boolean or object, got array []',
    ])
  })

  it('resolves nested anyOfs per array item', () => {
    const permissions = [{ role: 'r', actions: ['read', { action: 'raed' }, 'nope', 7] }]
    expect(entityProblems({ permissions })).toEqual([
      "entities.Book.permissions[0].actions[1].action: 'raed' is not allowed (allowed: create, read, update, delete, execute, *)",
      "entities.Book.permissions[0].actions[2]: 'nope' is not allowed (allowed: create, read, update, delete, execute, *)",
      'entities.Book.permissions[0].actions[3]: expected one of create, read, update, delete, execute, * or object, got number 7',
    ])
    expect(entityProblems({ permissions: [{ role: 'r', actions: 'read' }] })).toEqual([
      "entities.Book.permissions[0].actions: 'read' is not allowed (allowed: *)",
    ])
  })

  it('bracket-quotes keys that are not identifier-like and truncates long values', () => {
    const long = 'x'.repeat(100)
    const problems = schemaProblems({
      entities: { 'Book Summary': { source: 'b', permissions: READ, rest: { path: [long] } } },
    })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^entities\["Book Summary"\]\.rest\.path: expected string, got array \["x{50,}…$/)
    expect(problems[0]!.length).toBeLessThan(140)
  })

  it('reports minItems', () => {
    expect(schemaProblems({ 'data-source-files': [] })).toEqual([
      'data-source-files: expected at least 1 item(s), got array []',
    ])
  })
})
