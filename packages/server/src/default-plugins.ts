import type { SluicePlugin } from '@sluice/core'
import { authPlugin } from '@sluice/plugin-auth'
import { compressionPlugin } from '@sluice/plugin-compression'
import { graphqlPlugin } from '@sluice/plugin-graphql'
import { mcpPlugin } from '@sluice/plugin-mcp'
import { mssqlPlugin } from '@sluice/plugin-mssql'
import { mysqlPlugin } from '@sluice/plugin-mysql'
import { openapiPlugin, swaggerUiPlugin } from '@sluice/plugin-openapi'
import { pglitePlugin } from '@sluice/plugin-pglite'
import { postgresPlugin } from '@sluice/plugin-postgres'
import { restPlugin } from '@sluice/plugin-rest'
import { sqlitePlugin } from '@sluice/plugin-sqlite'
import { userCacheFolder } from './user-cache-folder.js'

/**
 * The plugins `sluice start` composes: every built-in dialect and protocol, authentication (given the process
 * environment for its Static Web Apps / App Service platform checks — plugins never read `process.env` themselves)
 * and response compression. An in-memory PGlite starts from the cluster archived in the user's cache folder.
 */
export function defaultPlugins(): SluicePlugin[] {
  return [
    postgresPlugin(),
    pglitePlugin({ clusterCacheFolder: userCacheFolder(process.env) }),
    mysqlPlugin(),
    mssqlPlugin(),
    sqlitePlugin(),
    restPlugin(),
    graphqlPlugin(),
    openapiPlugin(),
    swaggerUiPlugin(),
    mcpPlugin(),
    authPlugin({ environment: process.env }),
    compressionPlugin(),
  ]
}
