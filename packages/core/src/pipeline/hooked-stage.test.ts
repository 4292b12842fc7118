import { describe, expect, it } from 'vitest'
import { silentLogger } from '../request/logger.js'
import type { RequestContext } from '../request/request-context.js'
import { withHooks } from './hooked-stage.js'
import type { Stage } from './stage.js'

const context: RequestContext = {
  requestId: '1',
  principal: { authenticated: false, roles: [], claims: {} },
  role: 'anonymous',
  mode: 'production',
  log: silentLogger,
  signal: undefined,
}
const stage: Stage<string, string> = { run: (input) => `${input}>plan` }

describe('withHooks', () => {
  it('hands back the stage itself when no plugin hooks it, so a request pays nothing for hooks', () => {
    expect(withHooks('plan', stage, [], silentLogger)).toBe(stage)
    expect(withHooks('plan', stage, [{ onParse: () => undefined }], silentLogger)).toBe(stage)
  })

  it('wraps the stage when a plugin hooks it: before-hooks, the stage, then after-callbacks', async () => {
    const seen: string[] = []
    const hooked = withHooks(
      'plan',
      stage,
      [
        {
          onPlan: (e) => {
            seen.push(`before ${String(e.input)}`)
            return ({ output }) => {
              seen.push(`after ${String(output)}`)
            }
          },
        },
      ],
      silentLogger,
    )
    expect(hooked).not.toBe(stage)
    expect(await hooked.run('req', context)).toBe('req>plan')
    expect(seen).toEqual(['before req', 'after req>plan'])
  })
})
