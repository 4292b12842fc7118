import { describe, expect, it } from 'vitest'
import { column, metadataOf } from '../../test/support/library-metadata.js'
import { buildServiceModel } from '../model/build-service-model.js'
import { DEFAULT_CAPABILITIES } from '../dialect/dialect-capabilities.js'
import { parseConfig } from '../config/load-config.js'
import type { ObjectMetadata, ParameterMetadata } from '../model/database-metadata.js'
import type { ServiceModel } from '../model/service-model.js'
import { isSluiceError } from '../errors/sluice-error.js'
import { bindParameters, findParameterDefaultProblems } from './bind-parameters.js'

const WITH_PROCEDURES = { ...DEFAULT_CAPABILITIES, storedProcedures: true }

function parameter(
  name: string,
  type: ParameterMetadata['type'],
  options: Partial<ParameterMetadata> = {},
): ParameterMetadata {
  return {
    name,
    type,
    dbType: options.dbType ?? type,
    mode: options.mode ?? 'in',
    hasDefault: options.hasDefault ?? false,
  }
}

/** get_books(publisher int, min_price numeric, since date DEFAULT …, OUT n int) returning (id, title). */
const GET_BOOKS: ObjectMetadata = {
  name: { schema: 'public', name: 'get_books' },
  kind: 'stored-procedure',
  columns: [column('id', 'int'), column('title', 'string')],
  primaryKey: [],
  uniqueConstraints: [],
  foreignKeys: [],
  parameters: [
    parameter('publisher', 'int'),
    parameter('min_price', 'decimal'),
    parameter('since', 'date', { hasDefault: true }),
    parameter('n', 'int', { mode: 'out' }),
  ],
  routine: { type: 'function', resultDescribed: true },
}

function modelWith(
  source: Record<string, unknown>,
  object: ObjectMetadata = GET_BOOKS,
  extra: Record<string, unknown> = {},
): ServiceModel {
  const config = parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
      entities: {
        GetBooks: {
          source: { object: 'public.get_books', type: 'stored-procedure', ...source },
          permissions: [{ role: 'anonymous', actions: ['*'] }],
          ...extra,
        },
      },
    },
    { baseDir: '/' },
  )
  return buildServiceModel(config, metadataOf(object), WITH_PROCEDURES)
}

function errorOf(fn: () => unknown): { code: string; message: string } {
  try {
    fn()
  } catch (error) {
    if (isSluiceError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a SluiceError')
}

const model = modelWith({
  parameters: [
    { name: 'publisher', required: true },
    { name: 'min_price', default: '0' },
  ],
})
const entity = model.entities.get('GetBooks')!

describe('procedure model', () => {
  it('joins config parameters with the declared inputs; OUT parameters are not inputs', () => {
    const procedure = entity.procedure!
    expect(procedure.parameters.map((p) => [p.name, p.required, p.default, p.hasDatabaseDefault])).toEqual([
      ['publisher', true, undefined, false],
      ['min_price', false, '0', false],
      ['since', false, undefined, true],
    ])
    expect(procedure.outputParameters).toEqual(['n'])
    expect(procedure.routine).toBe('function')
    expect(procedure.resultFields?.map((f) => f.name)).toEqual(['id', 'title'])
  })

  it('makes a parameter without any default required, as Data API builder does', () => {
    const bare = modelWith({}).entities.get('GetBooks')!.procedure!
    expect(bare.parameters.map((p) => [p.name, p.required])).toEqual([
      ['publisher', true],
      ['min_price', true],
      ['since', false],
    ])
  })

  it('expands * to execute only', () => {
    expect(entity.permissions.resolve('anonymous', 'execute')).toBeDefined()
    expect(entity.permissions.resolve('anonymous', 'read')).toBeUndefined()
  })

  it('refuses config parameters the routine does not declare, with a suggestion', () => {
    expect(() => modelWith({ parameters: [{ name: 'publsher' }] })).toThrow(
      /'publsher' is not a parameter of public\.get_books \(its parameters: publisher, min_price, since\)\. Did you mean 'publisher'\?/,
    )
    expect(() => modelWith({ parameters: [{ name: 'n' }] })).toThrow(/'n' is not a parameter/)
  })

  it('refuses row policies, and field restrictions on results the engine cannot describe', () => {
    expect(() =>
      modelWith({}, GET_BOOKS, {
        permissions: [{ role: 'anonymous', actions: [{ action: 'execute', policy: { database: '@item.id eq 1' } }] }],
      }),
    ).toThrow(/row policies are not supported for stored procedures/)
    const undescribed = { ...GET_BOOKS, columns: [], routine: { type: 'procedure' as const, resultDescribed: false } }
    expect(() =>
      modelWith({}, undescribed, {
        permissions: [{ role: 'anonymous', actions: [{ action: 'execute', fields: { include: ['id'] } }] }],
      }),
    ).toThrow(/field restrictions need the procedure's result columns/)
    expect(modelWith({}, undescribed).entities.get('GetBooks')!.procedure!.resultFields).toBeUndefined()
  })

  it('reports what the introspector found wrong with the routine', () => {
    const overloaded = {
      ...GET_BOOKS,
      routine: {
        type: 'function' as const,
        resultDescribed: true,
        problem: 'public.get_books is overloaded (2 signatures)',
      },
    }
    expect(() => modelWith({}, overloaded)).toThrow(/public\.get_books is overloaded/)
  })

  it('finds config defaults that do not fit their parameter', () => {
    expect(findParameterDefaultProblems(model)).toEqual([])
    const bad = modelWith({ parameters: [{ name: 'min_price', default: 'cheap' }] })
    expect(findParameterDefaultProblems(bad)).toEqual([
      'entities.GetBooks: source.parameters: default "cheap" does not fit parameter \'min_price\' (decimal): expected a decimal number.',
    ])
  })
})

describe('bindParameters', () => {
  it('binds in declaration order, coerced, with config defaults; database defaults are left out', () => {
    const bound = bindParameters(entity, { min_price: 12.5, publisher: '7' })
    expect(bound.map((b) => [b.parameter.name, b.value])).toEqual([
      ['publisher', 7],
      ['min_price', '12.5'],
    ])
    expect(bindParameters(entity, { publisher: 1 }).map((b) => [b.parameter.name, b.value])).toEqual([
      ['publisher', 1],
      ['min_price', '0'],
    ])
    expect(bindParameters(entity, { publisher: 1, since: '2020-01-31' }).map((b) => b.parameter.name)).toEqual([
      'publisher',
      'min_price',
      'since',
    ])
  })

  it('passes an explicit null as NULL, even for a required parameter', () => {
    expect(bindParameters(entity, { publisher: null }).map((b) => b.value)).toEqual([null, '0'])
  })

  it('refuses unknown names first, then missing required ones (400, Data API builder messages)', () => {
    expect(errorOf(() => bindParameters(entity, { publisher: 1, $filter: 'x', Publisher: 2 }))).toEqual({
      code: 'SLUICE_ERR_UNKNOWN_PARAMETER',
      message: 'Invalid request. Contained unexpected fields: $filter, Publisher for entity: GetBooks',
    })
    expect(errorOf(() => bindParameters(entity, {}))).toEqual({
      code: 'SLUICE_ERR_MISSING_PARAMETER',
      message: 'Invalid request. Missing required procedure parameters: publisher for entity: GetBooks',
    })
    expect(errorOf(() => bindParameters(entity, undefined)).code).toBe('SLUICE_ERR_MISSING_PARAMETER')
  })

  it('refuses values that do not fit the parameter type', () => {
    expect(errorOf(() => bindParameters(entity, { publisher: 'seven' }))).toEqual({
      code: 'SLUICE_ERR_INVALID_PARAMETER',
      message:
        'Invalid value "seven" for parameter \'publisher\' of GetBooks: expected an integer from -2147483648 to 2147483647.',
    })
    expect(errorOf(() => bindParameters(entity, { publisher: 1, since: '2020-02-30' })).code).toBe(
      'SLUICE_ERR_INVALID_PARAMETER',
    )
    expect(errorOf(() => bindParameters(entity, { publisher: 1.5 })).code).toBe('SLUICE_ERR_INVALID_PARAMETER')
  })

  it('passes parameters of types Sluice has no scalar for as text, for the database to convert', () => {
    const custom = { ...GET_BOOKS, parameters: [parameter('mood', 'unknown', { dbType: 'public.mood' })] }
    const e = modelWith({}, custom).entities.get('GetBooks')!
    expect(bindParameters(e, { mood: 'happy' }).map((b) => b.value)).toEqual(['happy'])
    expect(errorOf(() => bindParameters(e, { mood: { a: 1 } })).message).toMatch(
      /expected text the database can convert to public\.mood/,
    )
  })
})
