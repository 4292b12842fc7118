/**
 * A connection string, parsed. Both the URL form (`postgresql://user:pw@host:5432/db?sslmode=require`) and the
 * keyword form Data API builder configs carry (`Host=…;Port=…;Database=…;Username=…;Password=…`, with aliases such
 * as `Server`, `Data Source`, `User ID`, `Uid`, `Pwd`, `Initial Catalog`) produce this shape. Dialects map it to
 * their driver's options.
 */
export interface ConnectionSettings {
  readonly form: 'url' | 'keywords'
  /** URL scheme without `:` (`postgresql`, `postgres`, `mysql`, `sqlserver` …); undefined for the keyword form. */
  readonly scheme: string | undefined
  readonly host: string | undefined
  readonly port: number | undefined
  readonly database: string | undefined
  readonly user: string | undefined
  readonly password: string | undefined
  /**
   * Every other keyword or URL query parameter. Keys are lower-cased with spaces, `_` and `-` removed
   * (`SSL Mode` → `sslmode`, `application_name` → `applicationname`); values are as written.
   */
  readonly options: Readonly<Record<string, string>>
}
