/**
 * The errors of start-up: a configuration, a model or a database Sluice cannot start with. Never sent over HTTP
 * (`status` is nominal); the CLI prints the message. Kept apart from the request errors of error-codes.ts, which
 * spreads them in (and checks their shape).
 */
export const StartupErrorCodes = {
  SLUICE_ERR_CONFIG: {
    status: 500,
    wire: 'Configuration Error',
    template: 'The configuration has {count} problem(s):\n{problems}',
  },
  SLUICE_ERR_CONFIG_READ: {
    status: 500,
    wire: 'Configuration Error',
    template: 'Cannot read the configuration file {file}: {detail}',
  },
  SLUICE_ERR_CONFIG_NOT_FOUND: {
    status: 500,
    wire: 'Configuration Error',
    template: 'No configuration file found: {detail}',
  },
  SLUICE_ERR_MODEL: {
    status: 500,
    wire: 'Configuration Error',
    template: 'The configuration does not match the database ({count} problem(s)):\n{problems}',
  },
  SLUICE_ERR_DATABASE_CONNECT: {
    status: 500,
    wire: 'Startup Error',
    template: 'Cannot connect to the {engine} database: {detail}',
  },
  SLUICE_ERR_DATA_FOLDER_IN_USE: {
    status: 500,
    wire: 'Startup Error',
    template: 'The embedded database folder {folder} is in use by process {pid}: {advice}',
  },
  SLUICE_ERR_UNKNOWN_DATABASE_TYPE: {
    status: 500,
    wire: 'Startup Error',
    template: "No dialect plugin handles database-type '{type}'. Available: {available}.",
  },
  SLUICE_ERR_PLUGIN: { status: 500, wire: 'Startup Error', template: 'Plugin {plugin}: {detail}' },
  SLUICE_ERR_STAGE_OVERRIDE: {
    status: 500,
    wire: 'Startup Error',
    template:
      'Plugin {plugin} replaces the security stage {stage}; pass allowSecurityOverride: true to do this deliberately.',
  },
  SLUICE_ERR_REGISTER_AFTER_START: {
    status: 500,
    wire: 'Startup Error',
    template: 'Cannot {what} after the server has started.',
  },
  SLUICE_ERR_LISTEN: { status: 500, wire: 'Startup Error', template: 'Cannot listen on {address}: {detail}' },
} as const
