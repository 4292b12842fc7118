import type { FastifyRequest } from 'fastify'

const HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?$/

/**
 * The scheme and host the client used, for absolute links (nextLink, Location). `X-Forwarded-Proto` and
 * `X-Forwarded-Host` from a proxy are honoured only when well formed; anything else falls back to the connection.
 */
export function requestOrigin(request: FastifyRequest): { protocol: string; host: string } {
  const proto = first(request.headers['x-forwarded-proto'])?.toLowerCase()
  const fwdHost = first(request.headers['x-forwarded-host'])
  const protocol = proto === 'http' || proto === 'https' ? proto : request.protocol
  const ownHost = isHost(request.headers.host) ? request.headers.host : `${request.hostname}`
  const host = isHost(fwdHost) ? fwdHost : ownHost
  return { protocol, host }
}

/** A host name or bracketed IP literal, with an optional port from 0 to 65535. */
function isHost(value: string | undefined): value is string {
  const match = value === undefined ? null : HOST.exec(value)
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65535)
}

function first(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value
  return v?.split(',')[0]?.trim()
}
