import type { AuditEntryView } from '@gatehouse/settings-api';
import { auditLogCsv } from './audit-log-csv';

const HEADER =
  'seq,createdAt,action,outcome,errorCode,clientId,actorUserId,subject,detail,prevHash,hash';

function anAuditEntry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    id: '65f000000000000000000001',
    seq: 1,
    action: 'token_exchange',
    outcome: 'success',
    errorCode: null,
    clientId: 'acme-exchange',
    actorUserId: '64a000000000000000000a11',
    subject: 'alice',
    detail: {},
    createdAt: '2026-03-01T12:00:00.000Z',
    prevHash: null,
    hash: 'c0ffee',
    ...overrides,
  };
}

/** The CSV cell the export writes for `subject`, a column whose text the caller chooses. */
function subjectCell(subject: string): string {
  const csv = auditLogCsv([anAuditEntry({ subject })]);
  const before =
    '1,2026-03-01T12:00:00.000Z,token_exchange,success,,acme-exchange,64a000000000000000000a11,';
  const after = ',{},,c0ffee\r\n';
  expect(csv.startsWith(`${HEADER}\r\n${before}`)).toBe(true);
  expect(csv.endsWith(after)).toBe(true);
  return csv.slice(HEADER.length + 2 + before.length, -after.length);
}

describe('auditLogCsv', () => {
  it('writes a header and one CRLF-terminated row per entry, detail as JSON', () => {
    expect(
      auditLogCsv([
        anAuditEntry(),
        anAuditEntry({ seq: 2, detail: { scope: 'read' }, prevHash: 'c0ffee', hash: 'beef' }),
      ]),
    ).toBe(
      `${HEADER}\r\n` +
        '1,2026-03-01T12:00:00.000Z,token_exchange,success,,acme-exchange,64a000000000000000000a11,alice,{},,c0ffee\r\n' +
        '2,2026-03-01T12:00:00.000Z,token_exchange,success,,acme-exchange,64a000000000000000000a11,alice,"{""scope"":""read""}",c0ffee,beef\r\n',
    );
  });

  // OWASP "CSV Injection": a spreadsheet runs a cell as a formula when it starts with = + - @, or
  // with tab, CR or LF before one; it also trims leading spaces and reads full-width forms (NFKC).
  it.each([
    [
      '=',
      '=HYPERLINK("https://evil.example","x")',
      `"'=HYPERLINK(""https://evil.example"",""x"")"`,
    ],
    ['+', '+1+1', "'+1+1"],
    ['-', '-2+3', "'-2+3"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab', '\t=1+1', "'\t=1+1"],
    ['a carriage return', '\r=1+1', `"'\r=1+1"`],
    ['a line feed', '\n=1+1', `"'\n=1+1"`],
    ['a lone tab', '\tplain', "'\tplain"],
    ['spaces before =', '  =1+1', "'  =1+1"],
    ['a no-break space before @', '\u00a0@SUM(A1)', "'\u00a0@SUM(A1)"],
    ['an ideographic space before +', '\u3000+1', "'\u3000+1"],
    ['a full-width =', '\uff1d1+1', "'\uff1d1+1"],
    ['a full-width +', '\uff0b1', "'\uff0b1"],
    ['a full-width -', '\uff0d1', "'\uff0d1"],
    ['a full-width @', '\uff20SUM(A1)', "'\uff20SUM(A1)"],
    ['a small =', '\ufe661+1', "'\ufe661+1"],
    ['a space then a full-width =', ' \uff1d1+1', "' \uff1d1+1"],
  ])('prefixes a cell starting with %s', (_case, subject, cell) => {
    expect(subjectCell(subject)).toBe(cell);
  });

  it.each([
    ['a plain name', 'alice', 'alice'],
    ['a formula sign inside', 'a=b+c-d@e', 'a=b+c-d@e'],
    ['a leading space before text', ' alice', ' alice'],
    ['a comma, quoted', 'repo:acme/bert,ref:main', '"repo:acme/bert,ref:main"'],
    ['a quote, doubled', 'say "hi"', '"say ""hi"""'],
    ['a full-width letter', '\uff41lice', '\uff41lice'],
  ])('leaves %s as it is (RFC 4180 quoting only)', (_case, subject, cell) => {
    expect(subjectCell(subject)).toBe(cell);
  });

  it('writes the original characters after the prefix, not their normalised form', () => {
    expect(subjectCell('\uff1d\uff11')).toBe("'\uff1d\uff11");
  });
});
