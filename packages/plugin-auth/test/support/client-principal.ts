/** base64 of the JSON of `value`: an X-MS-CLIENT-PRINCIPAL header value. */
export function encodePrincipal(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64')
}
