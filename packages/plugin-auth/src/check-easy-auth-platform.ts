import type { HostMode } from '@sluice/core'
import type { EasyAuthFlavour } from './auth-settings.js'

/** The variable Azure sets on every App Service and Static Web Apps site, and App Service's EasyAuth switch. */
const SIGNALS: Readonly<
  Record<EasyAuthFlavour, { readonly name: string; readonly holds: (value: string | undefined) => boolean }>
> = {
  StaticWebApps: { name: 'WEBSITE_SITE_NAME', holds: (v) => v !== undefined && v.trim() !== '' },
  AppService: { name: 'WEBSITE_AUTH_ENABLED', holds: (v) => v?.trim().toLowerCase() === 'true' },
}

/**
 * Data API builder's guard for the unsigned X-MS-CLIENT-PRINCIPAL header: outside Azure's front end anyone can
 * forge it, so production refuses to start unless the platform's environment variable shows the front end is
 * there, or the operator vouches for another proxy that authenticates callers and strips client-sent copies
 * (`trust-client-principal-header: true`). Development only warns. Returns a problem or a warning, or nothing.
 */
export function checkEasyAuthPlatform(
  flavour: EasyAuthFlavour,
  mode: HostMode,
  environment: Readonly<Record<string, string | undefined>>,
  trusted: boolean,
): { readonly problem?: string; readonly warning?: string } {
  const signal = SIGNALS[flavour]
  if (trusted || signal.holds(environment[signal.name])) return {}
  const what =
    `${flavour} authentication trusts the unsigned X-MS-CLIENT-PRINCIPAL header, but the ${signal.name} environment variable ` +
    `does not show that Sluice runs behind Azure's ${flavour === 'StaticWebApps' ? 'Static Web Apps' : 'App Service'} authentication front end`
  if (mode === 'production') {
    return {
      problem:
        `${what}, so any caller could forge an identity. Deploy behind that front end, set ` +
        "'trust-client-principal-header': true if another proxy authenticates every request and strips client-sent copies of the header, " +
        "or use host.mode 'development' for local testing",
    }
  }
  return { warning: `${what}; the header is trusted anyway because host.mode is development.` }
}
