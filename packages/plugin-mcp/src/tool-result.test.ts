import { SluiceError, silentLogger } from '@sluice/core/protocol'
import { describe, expect, it } from 'vitest'
import { errorResult, McpToolError, RawJson, successResult } from './tool-result.js'

describe('tool results', () => {
  it('splices database JSON unparsed, keeping 64-bit integers exact', () => {
    const result = successResult({
      entity: 'E',
      result: { value: new RawJson('[{"id":9007199254740993}]') },
      message: '@raw-x-0@',
    })
    const text = result.content[0]!.text
    expect(text).toContain('9007199254740993')
    expect(JSON.parse(text)).toMatchObject({ entity: 'E', message: '@raw-x-0@', status: 'success' })
    expect(result.isError).toBeUndefined()
  })

  it("an engine error keeps REST's code, status and message", () => {
    const error = new SluiceError('SLUICE_ERR_INVALID_FIELD', { field: 'email', place: 'select' })
    const result = errorResult('read_records', error, 'production', silentLogger)
    expect(result.isError).toBe(true)
    expect(JSON.parse(result.content[0]!.text)).toEqual({
      toolName: 'read_records',
      status: 'error',
      error: { type: 'FieldNotFound', code: 'Bad Request', status: 400, message: "Invalid field 'email' in select" },
    })
  })

  it('database detail only in development; unexpected errors never show their message', () => {
    const db = new SluiceError('SLUICE_ERR_DATABASE', {}, { devDetail: 'relation "x" does not exist' })
    expect(JSON.parse(errorResult('t', db, 'production', silentLogger).content[0]!.text).error.message).not.toContain(
      'relation',
    )
    expect(JSON.parse(errorResult('t', db, 'development', silentLogger).content[0]!.text).error.message).toContain(
      'relation "x"',
    )
    const unexpected = JSON.parse(
      errorResult('t', new Error('secret'), 'development', silentLogger).content[0]!.text,
    ).error
    expect(unexpected).toEqual({ type: 'UnexpectedError', message: 'Unexpected error occurred in t.' })
    expect(
      JSON.parse(errorResult('t', new McpToolError('ToolDisabled', 'off'), 'production', silentLogger).content[0]!.text)
        .error,
    ).toEqual({ type: 'ToolDisabled', message: 'off' })
  })
})
