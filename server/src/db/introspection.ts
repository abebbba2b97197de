import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Kysely's PostgreSQL introspector lists the tables of every schema in the database and looks
 * each one up again by name (`pg_get_serial_sequence`, `has_schema_privilege`). When another
 * connection drops or changes one of them meanwhile, the lookup fails ("schema … does not
 * exist"). The migrator asks the introspector whether its own tables exist before it takes its
 * lock, so such a failure stopped a node's start: while other nodes migrated the same database, or
 * another test app dropped its schema. This one reads the connection's current schema only, and
 * joins the catalogs by oid, so a table that goes away is simply not listed. See
 * docs/operations.md, "Data".
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // Kysely hands every introspector an untyped handle: it reads the catalogs, not our tables.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(
      this.db,
    );
    return rows;
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    // One pass over the catalogs: a column owns a sequence (serial) through pg_depend, and its
    // comment sits in pg_description; both joined rather than asked for column by column.
    const { rows } = await sql<CatalogColumn>`
      select c.relname as table, c.relkind as kind, ns.nspname as schema, a.attname as column,
        a.attnotnull as not_null, a.atthasdef as has_default, typ.typname as type,
        tns.nspname as type_schema, descr.description as comment,
        (a.attidentity <> '' or owned.refobjid is not null) as auto_incrementing
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_description descr on descr.objoid = c.oid
        and descr.classoid = 'pg_catalog.pg_class'::regclass and descr.objsubid = a.attnum
      left join (
        select dep.refobjid, dep.refobjsubid from pg_catalog.pg_depend dep
        join pg_catalog.pg_class seq on seq.oid = dep.objid and seq.relkind = 'S'
        where dep.classid = 'pg_catalog.pg_class'::regclass and dep.deptype = 'a'
      ) owned on owned.refobjid = c.oid and owned.refobjsubid = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, TableMetadata & { columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

interface CatalogColumn {
  table: string;
  kind: string;
  schema: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  comment: string | null;
  auto_incrementing: boolean;
}

/** PostgreSQL as Kysely speaks it, introspecting the current schema only (see above). */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
