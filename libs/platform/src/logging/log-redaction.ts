/**
 * Paths pino censors wherever they appear in a log object. The access log never records
 * headers, cookies, query strings or bodies in the first place; this list is the second line of
 * defence for anything a feature logs by mistake (a request, a header bag, a token response).
 */
export const REDACTED_LOG_PATHS: readonly string[] = [
  'authorization',
  'cookie',
  'password',
  'secret',
  'token',
  'client_secret',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'headers["x-webhook-secret"]',
  '*.authorization',
  '*.cookie',
  '*.password',
  '*.secret',
  '*.token',
  '*.client_secret',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.code_verifier',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  '*.headers["x-webhook-secret"]',
];

export const REDACTION_CENSOR = '[redacted]';
