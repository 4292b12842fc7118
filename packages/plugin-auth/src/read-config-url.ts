const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * An absolute URL keys may be fetched from: `https:`, or plain `http:` on a loopback host only (local identity
 * providers and tests), since keys fetched over plain HTTP could be swapped in transit.
 */
export function readConfigUrl(text: string): URL | { readonly error: string } {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { error: `'${text}' is not an absolute URL` }
  }
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url
  return { error: `'${text}' must use https (plain http is accepted for localhost only)` }
}
