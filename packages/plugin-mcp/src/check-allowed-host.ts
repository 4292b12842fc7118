import { singleHeader, type HttpRequest } from '@sluice/core/protocol'

const LOOPBACK = ['localhost', '127.0.0.1', '::1']

/**
 * Data API builder's DNS-rebinding guard for the MCP endpoint: the `Host` header, and the `Origin` header when sent,
 * must name a loopback host or one of `runtime.mcp.allowed-hosts` (case-insensitive, ports ignored); `"*"` turns the
 * check off. A web page whose attacker-controlled name was rebound to this server carries its own name in both
 * headers, so it is refused before any tool runs. Returns why a request is refused, or `undefined` to let it in.
 */
export function createAllowedHostCheck(allowedHosts: readonly string[]): (request: HttpRequest) => string | undefined {
  const configured = allowedHosts.map((h) => h.trim()).filter((h) => h !== '')
  if (configured.includes('*')) return () => undefined
  const trusted = new Set([...LOOPBACK, ...configured.map((h) => stripBrackets(h).toLowerCase())])
  return (request) => {
    const host = hostName(singleHeader(request, 'host').value ?? '')
    if (host === '' || !trusted.has(host)) {
      return (
        'The request Host header is not in the list of trusted hosts allowed to reach the MCP endpoint. ' +
        'Configure runtime.mcp.allowed-hosts to permit non-loopback hosts.'
      )
    }
    const origin = singleHeader(request, 'origin').value
    if (origin !== undefined && origin !== '' && !trusted.has(originHost(origin))) {
      return (
        'The request Origin header is not in the list of trusted hosts allowed to reach the MCP endpoint. ' +
        'Configure runtime.mcp.allowed-hosts to permit non-loopback origins.'
      )
    }
    return undefined
  }
}

/** `example.com:8080` → `example.com`, `[::1]:5000` → `::1`, lower-cased. */
function hostName(header: string): string {
  const value = header.trim().toLowerCase()
  if (value.startsWith('[')) {
    const end = value.indexOf(']')
    return end === -1 ? '' : value.slice(1, end)
  }
  const colon = value.indexOf(':')
  return colon === -1 ? value : value.slice(0, colon)
}

/** The host of an Origin; the opaque origin `null` and anything unparsable match nothing. */
function originHost(origin: string): string {
  try {
    return stripBrackets(new URL(origin.trim()).hostname).toLowerCase()
  } catch {
    return ''
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}
