import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  encodeErrorEnvelope,
  resolveRole,
  ROLE_HEADER,
  singleHeader,
  SluiceError,
  type Logger,
  type Sluice,
} from '@sluice/core'
import { sendHttpResponse, toHttpRequest } from '../http-adapter.js'
import { SERVER_VERSION } from '../server-version.js'
import { toSluiceError } from '../to-sluice-error.js'
import { HealthReportCache } from './health-report-cache.js'
import type { HealthReport } from './health-report.js'
import { runHealthChecks, type SendHealthProbe } from './run-health-checks.js'

/** Request headers not passed on to the checks: they describe this request's transport, not who is calling. */
const NOT_FORWARDED = new Set([
  'host',
  'connection',
  'content-length',
  'content-type',
  'transfer-encoding',
  'accept',
  'accept-encoding',
  'expect',
  'origin',
  'referer',
  'x-ms-correlation-id',
  'traceparent',
  'tracestate',
  'if-match',
  'if-none-match',
  'range',
  'cache-control',
  'pragma',
])

export interface HealthRouteOptions {
  /** Whether telemetry is configured (the report's `configuration.telemetry`). */
  readonly telemetry: boolean
  readonly log: Logger
}

/**
 * `GET /health`, Data API builder's comprehensive report. Absent (404) when `runtime.health.enabled` is false. The
 * caller's effective role (authentication provider, then `X-MS-API-ROLE`) must be in `runtime.health.roles`; with no
 * roles configured only development mode answers; otherwise 403. The checks run through this server as the caller,
 * on what the caller may read (the rest is listed as skipped).
 * The answer is 200 when every check is healthy and 503 otherwise, with the same body, so probes and load balancers
 * can read the status alone.
 */
export function registerHealthRoute(app: FastifyInstance, sluice: Sluice, options: HealthRouteOptions): void {
  const { config } = sluice
  const health = config.runtime.health
  if (!health.enabled) return
  const allowed = new Set((health.roles ?? []).map((role) => role.toLowerCase()))
  const development = config.runtime.host.mode === 'development'
  const reports = new HealthReportCache<Omit<HealthReport, 'current-role'>>(health.cacheTtlSeconds * 1000)
  const { log } = options

  app.get('/health', async (request, reply) => {
    const http = toHttpRequest(request)
    try {
      const principal = await sluice.authentication.authenticate(http)
      const header = singleHeader(http, ROLE_HEADER)
      const role = resolveRole(principal, header.value, header.repeated)
      if (allowed.size === 0 ? !development : !allowed.has(role)) {
        log.warn({ role }, 'comprehensive health report refused: the role is not in runtime.health.roles')
        throw new SluiceError('SLUICE_ERR_FORBIDDEN')
      }
      const send = createProbeSender(app, request)
      const base = await reports.get(role, async () => {
        const { checks, skipped } = await runHealthChecks(sluice, role, send)
        return {
          status: checks.some((c) => c.status === 'Unhealthy') ? ('Unhealthy' as const) : ('Healthy' as const),
          version: SERVER_VERSION,
          'app-name': `sluice_${SERVER_VERSION}`,
          timestamp: new Date().toISOString(),
          configuration: {
            rest: config.runtime.rest.enabled,
            graphql: config.runtime.graphql.enabled,
            mcp: config.runtime.mcp.enabled,
            caching: config.runtime.cache.enabled,
            telemetry: options.telemetry,
            mode: development ? ('Development' as const) : ('Production' as const),
            embeddings: false,
            'embeddings-endpoint': false,
          },
          checks,
          ...(skipped.length === 0 ? {} : { skipped }),
        }
      })
      const report: HealthReport = {
        status: base.status,
        version: base.version,
        'app-name': base['app-name'],
        timestamp: base.timestamp,
        'current-role': role,
        configuration: base.configuration,
        checks: base.checks,
        ...(base.skipped === undefined ? {} : { skipped: base.skipped }),
      }
      return sendHttpResponse(reply, {
        status: report.status === 'Healthy' ? 200 : 503,
        headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
        body: JSON.stringify(report, null, 2),
      })
    } catch (error) {
      return sendHttpResponse(
        reply,
        encodeErrorEnvelope(toSluiceError(error, request.log, 0), { mode: config.runtime.host.mode, request: http }),
      )
    }
  })
}

/**
 * Each check is a request through this server (fastify inject) carrying the caller's credentials. A check given up
 * at its threshold aborts its inject, which destroys the injected response: its departure signal (watch-connection.ts)
 * then cancels what the request started in the database, as for a client that left.
 */
function createProbeSender(app: FastifyInstance, request: FastifyRequest): SendHealthProbe {
  const caller: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !NOT_FORWARDED.has(name)) caller[name] = value
  }
  return async (probe) => {
    const headers = { ...caller, ...probe.headers }
    const { method, url, payload, signal } = probe
    const response = await app.inject({ method, url, headers, payload, signal })
    return { status: response.statusCode, body: response.body }
  }
}
