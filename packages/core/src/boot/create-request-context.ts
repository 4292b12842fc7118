import { resolveRole, ROLE_HEADER } from '../auth/resolve-role.js'
import { singleHeader, type HttpRequest } from '../protocol/http.js'
import { RequestBudget } from '../request/request-budget.js'
import type { Principal, RequestContext } from '../request/request-context.js'
import type { Sluice } from './create-sluice.js'

export interface RequestContextOptions {
  /** The correlation id logs and errors carry (`x-ms-correlation-id`). */
  readonly requestId: string
  /** Aborted when the client goes away: the running statement is cancelled. */
  readonly signal?: AbortSignal | undefined
  /** The route sends read results as they arrive (`RouteDefinition.streamsReads`). */
  readonly streamReads?: boolean | undefined
}

/**
 * The context one HTTP request runs with, built the same way by every host: the principal from the configured
 * authentication provider, the effective role from `X-MS-API-ROLE` (sent twice → 403, never "the first one"), one
 * budget (statements and rows) shared by every operation of the request, and `Cache-Control` when the response cache is on.
 * Rejects with a coded error (401/403) a host answers in its protocol's envelope.
 */
export function createRequestContext(
  sluice: Sluice,
  http: HttpRequest,
  options: RequestContextOptions,
): Promise<RequestContext> {
  try {
    const context = resolveRequestContext(sluice, http, options)
    return context instanceof Promise ? context : Promise.resolve(context)
  } catch (error) {
    return Promise.reject(error as Error)
  }
}

/**
 * `createRequestContext` without a promise when the authentication provider needs no I/O (anonymous, the simulator,
 * a header-trusting provider, a JWT whose keys are loaded): a host on the request path awaits only a real promise,
 * which saves every request a promise and a microtask. Throws (rather than rejects) a coded error found at once.
 */
export function resolveRequestContext(
  sluice: Sluice,
  http: HttpRequest,
  options: RequestContextOptions,
): RequestContext | Promise<RequestContext> {
  const principal = sluice.authentication.authenticate(http)
  return principal instanceof Promise
    ? principal.then((p) => buildContext(sluice, http, options, p))
    : buildContext(sluice, http, options, principal)
}

function buildContext(
  sluice: Sluice,
  http: HttpRequest,
  options: RequestContextOptions,
  principal: Principal,
): RequestContext {
  const header = singleHeader(http, ROLE_HEADER)
  return {
    requestId: options.requestId,
    principal,
    role: resolveRole(principal, header.value, header.repeated),
    mode: sluice.config.runtime.host.mode,
    log: sluice.log,
    signal: options.signal,
    streamReads: options.streamReads === true,
    budget: RequestBudget.fromLimits(sluice.config.runtime.limits),
    // Read only by the response cache (runtime.cache): with the cache off, requests pay nothing for it.
    cacheControl: sluice.config.runtime.cache.enabled ? joinHeader(http.headers['cache-control']) : undefined,
  }
}

/** A header's value; several lines of a list header joined with commas (RFC 9110 §5.3). */
function joinHeader(value: string | readonly string[] | undefined): string | undefined {
  return value === undefined || typeof value === 'string' ? value : value.join(', ')
}
