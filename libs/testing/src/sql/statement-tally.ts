import type { SeenStatement } from './statement-counting-proxy';

export interface StatementTally {
  /** Statements of the requests themselves, BEGIN and COMMIT included (each is a round trip). */
  requestPath: number;
  /** Statements of the outbox relay's transactions in the same window (background work). */
  relay: number;
  /** Request-path statements by what they do (`SELECT users`), most frequent first. */
  byText: Array<{ text: string; count: number }>;
}

const BEGIN = /^\s*(BEGIN|START TRANSACTION)\b/i;
const END = /^\s*(COMMIT|ROLLBACK)\b/i;
/** The relay's claim of unsent rows (libs/persistence outbox store): its transaction is background work. */
const RELAY = /FROM\s+"?outbox"?[\s\S]*FOR UPDATE SKIP LOCKED/i;

/**
 * Splits the statements from index `from` on into the outbox relay's transactions and everything
 * else, per connection (a transaction is BEGIN … COMMIT/ROLLBACK on one connection). Statements
 * before `from` are read too, so a transaction that began earlier is still recognised.
 */
export function tallyStatements(all: SeenStatement[], from: number): StatementTally {
  const indexed = all.map((statement, index) => ({ ...statement, index }));
  const open = new Map<number, typeof indexed>();
  const requestPath: SeenStatement[] = [];
  let relay = 0;
  const close = (transaction: typeof indexed) => {
    const inWindow = transaction.filter((statement) => statement.index >= from);
    if (transaction.some((statement) => RELAY.test(statement.text))) relay += inWindow.length;
    else requestPath.push(...inWindow);
  };
  for (const statement of indexed) {
    const transaction = open.get(statement.connection);
    if (BEGIN.test(statement.text)) {
      if (transaction) close(transaction);
      open.set(statement.connection, [statement]);
    } else if (transaction) {
      transaction.push(statement);
      if (END.test(statement.text)) {
        close(transaction);
        open.delete(statement.connection);
      }
    } else if (statement.index >= from) {
      requestPath.push(statement);
    }
  }
  for (const transaction of open.values()) close(transaction);
  const counts = new Map<string, number>();
  for (const { text } of requestPath) {
    const label = statementLabel(text);
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const byText = [...counts]
    .map(([text, count]) => ({ text, count }))
    .sort((a, b) => b.count - a.count);
  return { requestPath: requestPath.length, relay, byText };
}

/** `SELECT users`, `INSERT outbox`, `UPDATE refresh_tokens`, `COMMIT`: the verb and the first table it names. */
export function statementLabel(text: string): string {
  const sql = text.replace(/\s+/g, ' ').trim();
  const verb = /^\w+/.exec(sql)?.[0]?.toUpperCase() ?? '?';
  const table = /\b(?:FROM|INTO|UPDATE)\s+"?(\w+)"?/i.exec(sql)?.[1];
  const locking = /FOR UPDATE|FOR SHARE|pg_advisory/i.test(sql) ? ' (locking)' : '';
  return table ? `${verb} ${table}${locking}` : `${sql.slice(0, 60)}${locking}`;
}
