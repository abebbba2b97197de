import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestDatabase } from '../testing/harness';
import { openDb, type Db } from './index';

/**
 * schema.ts is written by hand beside the migrations: this holds it to the database they make.
 * Every table and column it declares exists, and no other; a column it types `| null` is the
 * only kind the database lets be null; one it marks `Generated` has a default to fall back on;
 * and numbers are stored in number columns, strings in text ones. See docs/design.md,
 * "Architecture" (`db/`).
 */

type Kind = 'number' | 'string';

interface DeclaredColumn {
  kind: Kind;
  nullable: boolean;
  generated: boolean;
}

/** The tables of schema.ts's `Database`, read with the compiler so aliases and unions resolve. */
function declaredTables(): Map<string, Map<string, DeclaredColumn>> {
  const file = path.resolve('server/src/db/schema.ts');
  const config = ts.getParsedCommandLineOfConfigFile(
    path.resolve('tsconfig.server.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  )!;
  const program = ts.createProgram([file], { ...config.options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const kindOf = (type: ts.Type, where: string): Kind => {
    const parts = type.isUnion() ? type.types : [type];
    const kinds = new Set(
      parts.map((part) => {
        if (part.flags & ts.TypeFlags.NumberLike) return 'number';
        if (part.flags & ts.TypeFlags.StringLike) return 'string';
        throw new Error(`${where}: ${checker.typeToString(part)} is neither a number nor a string`);
      }),
    );
    if (kinds.size !== 1) throw new Error(`${where} mixes numbers and strings`);
    return [...kinds][0]!;
  };
  const tables = new Map<string, Map<string, DeclaredColumn>>();
  for (const member of interfaces.get('Database')!.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type))
      throw new Error(`Database: ${member.getText(source)} is not a table interface`);
    const table = (member.name as ts.Identifier).text;
    const columns = new Map<string, DeclaredColumn>();
    for (const column of interfaces.get(member.type.typeName.getText(source))!.members) {
      if (!ts.isPropertySignature(column) || !column.type)
        throw new Error(`${table}: ${column.getText(source)}`);
      const name = (column.name as ts.Identifier).text;
      const where = `${table}.${name}`;
      let node = column.type;
      const generated =
        ts.isTypeReferenceNode(node) && node.typeName.getText(source) === 'Generated' && !!node.typeArguments;
      if (generated) node = (node as ts.TypeReferenceNode).typeArguments![0]!;
      const type = checker.getTypeFromTypeNode(node);
      const parts = type.isUnion() ? type.types : [type];
      const nullable = parts.some((part) => part.flags & ts.TypeFlags.Null);
      const rest = parts.filter((part) => !(part.flags & ts.TypeFlags.Null));
      if (column.questionToken) throw new Error(`${where} is optional: a column is there or not`);
      columns.set(name, {
        kind: rest.length === 1 ? kindOf(rest[0]!, where) : kindOf(checker.getNonNullableType(type), where),
        nullable,
        generated,
      });
    }
    tables.set(table, columns);
  }
  return tables;
}

interface StoredColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** Every column of the migrated database (its own schema on PostgreSQL), Kysely's own tables aside. */
async function storedColumns(db: Db): Promise<StoredColumn[]> {
  if (db.dialect === 'sqlite') {
    const { rows } = await sql<{
      table: string;
      column: string;
      type: string;
      notnull: number;
      dflt: string | null;
      pk: number;
    }>`
      select m.name as "table", p.name as "column", lower(p.type) as type, p."notnull" as "notnull",
        p.dflt_value as dflt, p.pk as pk
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite%' and m.name not like 'kysely%'`.execute(db.kysely);
    return rows.map((row) => ({
      table: row.table,
      column: row.column,
      type: row.type,
      // A primary key is never null here: an integer one is the rowid, and every other one the
      // queries fill (SQLite alone would take a null in a text key not declared NOT NULL).
      nullable: row.notnull === 0 && row.pk === 0,
      // An integer primary key numbers itself.
      hasDefault: row.dflt !== null || (row.pk === 1 && row.type === 'integer'),
    }));
  }
  const { rows } = await sql<{
    table: string;
    column: string;
    type: string;
    nullable: string;
    dflt: string | null;
  }>`
    select table_name as "table", column_name as "column", data_type as type, is_nullable as nullable,
      column_default as dflt
    from information_schema.columns
    where table_schema = current_schema() and table_name not like 'kysely%'`.execute(db.kysely);
  return rows.map((row) => ({
    table: row.table,
    column: row.column,
    type: row.type,
    nullable: row.nullable === 'YES',
    hasDefault: row.dflt !== null,
  }));
}

/** The column types each kind of value is stored in, on either dialect. */
const STORED_AS: Record<Kind, string[]> = {
  number: ['integer', 'bigint', 'real', 'double precision'],
  string: ['text'],
};

const nullness = (nullable: boolean) => (nullable ? 'nullable' : 'not null');

/** What schema.ts and the database disagree on, one line each. */
function differences(declared: Map<string, Map<string, DeclaredColumn>>, stored: StoredColumn[]): string[] {
  const found: string[] = [];
  const storedTables = new Map<string, Map<string, StoredColumn>>();
  for (const column of stored) {
    const table = storedTables.get(column.table) ?? new Map<string, StoredColumn>();
    table.set(column.column, column);
    storedTables.set(column.table, table);
  }
  for (const table of storedTables.keys())
    if (!declared.has(table)) found.push(`table ${table} is not in schema.ts`);
  for (const [table, columns] of declared) {
    const inDb = storedTables.get(table);
    if (!inDb) {
      found.push(`table ${table} is not in the database`);
      continue;
    }
    for (const name of inDb.keys())
      if (!columns.has(name)) found.push(`${table}.${name} is not in schema.ts`);
    for (const [name, column] of columns) {
      const actual = inDb.get(name);
      const where = `${table}.${name}`;
      if (!actual) {
        found.push(`${where} is not in the database`);
        continue;
      }
      if (!STORED_AS[column.kind].includes(actual.type))
        found.push(`${where} holds a ${column.kind} in a ${actual.type} column`);
      if (column.nullable !== actual.nullable)
        found.push(
          `${where} is ${nullness(column.nullable)} in schema.ts, ${nullness(actual.nullable)} in the database`,
        );
      if (column.generated && !actual.hasDefault)
        found.push(`${where} is Generated in schema.ts but has no default in the database`);
    }
  }
  return found;
}

describe('schema.ts read by the check', () => {
  it('sees every table, its columns, null, Generated and the kind of value', () => {
    const tables = declaredTables();
    expect(tables.size).toBeGreaterThan(20);
    expect(tables.get('users')?.get('email')).toEqual({ kind: 'string', nullable: true, generated: false });
    expect(tables.get('users')?.get('id')).toEqual({ kind: 'number', nullable: false, generated: true });
    expect(tables.get('game_players')?.get('bot_level')).toEqual({
      kind: 'string',
      nullable: true,
      generated: false,
    });
  });

  it('reports each kind of disagreement', () => {
    const declared = new Map([
      [
        'a',
        new Map<string, DeclaredColumn>([
          ['id', { kind: 'number', nullable: false, generated: true }],
          ['gone', { kind: 'string', nullable: false, generated: false }],
          ['note', { kind: 'string', nullable: false, generated: false }],
          ['n', { kind: 'number', nullable: true, generated: false }],
        ]),
      ],
      ['missing', new Map<string, DeclaredColumn>()],
    ]);
    const column = (table: string, name: string, type: string, nullable = false, hasDefault = false) => ({
      table,
      column: name,
      type,
      nullable,
      hasDefault,
    });
    expect(
      differences(declared, [
        column('a', 'id', 'integer'),
        column('a', 'note', 'text', true),
        column('a', 'n', 'text', true),
        column('a', 'extra', 'text'),
        column('b', 'x', 'text'),
      ]),
    ).toEqual([
      'table b is not in schema.ts',
      'a.extra is not in schema.ts',
      'a.id is Generated in schema.ts but has no default in the database',
      'a.gone is not in the database',
      'a.note is not null in schema.ts, nullable in the database',
      'a.n holds a number in a text column',
      'table missing is not in the database',
    ]);
  });
});

describe.each(DIALECTS)('schema.ts against a freshly migrated database on %s', (dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('declares exactly the tables and columns the migrations make, as they make them', async () => {
    const database = await createTestDatabase(dialect);
    cleanups.push(() => database.drop());
    const db = await openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    cleanups.push(() => db.close());
    expect(differences(declaredTables(), await storedColumns(db))).toEqual([]);
  });
});
