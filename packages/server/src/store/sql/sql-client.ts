/**
 * The little the SQL store needs from a database driver: parameterised queries and transactions.
 * PGlite (embedded) and node-postgres both fit behind it, so both adapters share every statement.
 */

/** A row as drivers return it. */
export type Row = Record<string, unknown>;

/** Runs statements; inside `transaction` on one connection. */
export interface SqlExecutor {
  query(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** A database: statements, transactions, and closing. */
export interface SqlClient extends SqlExecutor {
  readonly backend: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed if it returns, rolled back if it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
