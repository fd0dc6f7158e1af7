import type { AuditEntryView } from '@gatehouse/settings-api';

const COLUMNS = ['seq', 'createdAt', 'action', 'outcome', 'errorCode', 'clientId', 'actorUserId', 'subject', 'detail', 'prevHash', 'hash'] as const;

/**
 * RFC 4180 CSV of audit entries, one row each, `detail` as JSON. A cell a spreadsheet would run
 * as a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) is prefixed with `'`.
 */
export function auditLogCsv(entries: readonly AuditEntryView[]): string {
  const rows = entries.map((entry) => COLUMNS.map((column) => cell(column === 'detail' ? JSON.stringify(entry.detail) : entry[column])).join(','));
  return [COLUMNS.join(','), ...rows].join('\r\n') + '\r\n';
}

function cell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
