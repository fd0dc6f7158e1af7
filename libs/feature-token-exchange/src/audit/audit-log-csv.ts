import type { AuditEntryView } from '@gatehouse/settings-api';

const COLUMNS = [
  'seq',
  'createdAt',
  'action',
  'outcome',
  'errorCode',
  'clientId',
  'actorUserId',
  'subject',
  'detail',
  'prevHash',
  'hash',
] as const;

/**
 * RFC 4180 CSV of audit entries, one row each, `detail` as JSON. Cells a spreadsheet would run as
 * a formula are prefixed with `'` (`startsLikeFormula`).
 */
export function auditLogCsv(entries: readonly AuditEntryView[]): string {
  const rows = entries.map((entry) =>
    COLUMNS.map((column) =>
      cell(column === 'detail' ? JSON.stringify(entry.detail) : entry[column]),
    ).join(','),
  );
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * OWASP "CSV Injection": a cell starting with `=`, `+`, `-`, `@`, tab, CR or LF. Spreadsheets also
 * skip leading whitespace before a formula and read full-width and compatibility forms (`＝`,
 * `＋`, `－`, `＠`, `﹦`) as the ASCII signs, so the check runs on the NFKC form with leading
 * whitespace set aside; the cell itself is written unchanged after the `'`.
 */
function startsLikeFormula(text: string): boolean {
  const normalised = text.normalize('NFKC');
  return /^[\t\r\n]/.test(normalised) || /^\s*[=+\-@]/.test(normalised);
}
