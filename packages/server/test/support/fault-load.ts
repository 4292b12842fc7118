import { randomBytes } from 'node:crypto'
import { expect, it } from 'vitest'
import type { SluiceServer } from '../../src/index.js'
import type { FaultProxy } from './fault-proxy.js'

export interface Outcome {
  readonly status: number
  readonly body: string
  readonly id?: string
}

/** What the fault scenarios need from one engine's test file, once its `beforeAll` ran. */
export interface FaultTarget {
  /** Why the engine cannot be reached (only outside CI; in CI the file fails instead). */
  readonly unavailable: string | undefined
  readonly server: SluiceServer
  readonly proxy: FaultProxy
  /** The ids among `ids` that the ledger table holds, read directly from the database. */
  storedLedgerIds(ids: readonly string[]): Promise<readonly string[]>
}

/**
 * The outage and hang scenarios, run against a server whose data source goes through `proxy`, with entities `Item`
 * (read, ids 1…50) and `Ledger` (`id` text, `amount` int; read and create). Under four loops of reads and ledger
 * writes: only 200/201/503/504, no stack trace or SQL text, recovery without a restart, every acknowledged write
 * stored.
 */
export function faultScenarios(target: () => FaultTarget): void {
  it('an outage gives 503s, never a 500 or a trace; service recovers by itself; every acknowledged write is stored', async (context) => {
    const t = target()
    if (t.unavailable !== undefined) return context.skip(t.unavailable)
    let stop = false
    const load = steadyLoad(t.server, () => stop)
    await sleep(400)
    t.proxy.set('down')
    await sleep(1_500)
    t.proxy.set('forward')
    await untilHealthy(t.server)
    await sleep(400)
    stop = true
    const outcomes = await load
    expectOnlyCleanAnswers(outcomes)
    expect(outcomes.filter((o) => o.status === 503).length).toBeGreaterThan(0)
    expect(outcomes.filter((o) => o.status === 200).length).toBeGreaterThan(0)
    await expectAcknowledgedWritesStored(t, outcomes)
  }, 60_000)

  it('a hung database costs callers at most the configured timeouts (503/504), and service resumes when it answers again', async (context) => {
    const t = target()
    if (t.unavailable !== undefined) return context.skip(t.unavailable)
    let stop = false
    const load = steadyLoad(t.server, () => stop)
    await sleep(300)
    t.proxy.set('hang')
    await sleep(3_500)
    t.proxy.set('forward')
    await untilHealthy(t.server)
    stop = true
    const outcomes = await load
    expectOnlyCleanAnswers(outcomes)
    expect(outcomes.filter((o) => o.status >= 500).length).toBeGreaterThan(0)
    await expectAcknowledgedWritesStored(t, outcomes)
  }, 60_000)
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Four loops of reads and ledger writes until `stop`; each answer recorded. */
function steadyLoad(server: SluiceServer, stop: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  return Promise.all(
    Array.from({ length: 4 }, async (_, worker) => {
      for (let n = 0; !stop(); n++) {
        if (n % 2 === 0) {
          const res = await server.app.inject({ method: 'GET', url: `/api/Item?$first=5&$filter=id ge ${n % 40}` })
          outcomes.push({ status: res.statusCode, body: res.body })
        } else {
          const id = `${worker}-${n}-${randomBytes(3).toString('hex')}`
          const res = await server.app.inject({
            method: 'POST',
            url: '/api/Ledger',
            payload: { id, amount: n },
            headers: { 'content-type': 'application/json' },
          })
          outcomes.push({ status: res.statusCode, body: res.body, id })
        }
      }
    }),
  ).then(() => outcomes)
}

function expectOnlyCleanAnswers(outcomes: readonly Outcome[]): void {
  for (const o of outcomes) {
    expect([200, 201, 503, 504], o.body).toContain(o.status)
    expect(o.body).not.toMatch(/\n\s+at |SELECT |INSERT |node_modules/)
  }
}

async function expectAcknowledgedWritesStored(target: FaultTarget, outcomes: readonly Outcome[]): Promise<void> {
  const acknowledged = outcomes.filter((o) => o.status === 201).map((o) => o.id!)
  expect(acknowledged.length).toBeGreaterThan(0)
  expect((await target.storedLedgerIds(acknowledged)).length).toBe(acknowledged.length)
}

async function untilHealthy(server: SluiceServer): Promise<number> {
  for (let attempt = 1; attempt <= 100; attempt++) {
    if ((await server.app.inject({ method: 'GET', url: '/api/Item/id/1' })).statusCode === 200) return attempt
    await sleep(100)
  }
  throw new Error('never recovered')
}
