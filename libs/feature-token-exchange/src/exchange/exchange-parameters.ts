import { InvalidRequest } from '@gatehouse/domain';
import { ACCESS_TOKEN_TYPE } from './token-exchange-request';

/** Longest subject text kept in the audit log (an e-mail address is at most 254 characters). */
const MAX_AUDITED_SUBJECT = 320;

/** RFC 8693 §2.1: `subject_token` is REQUIRED. */
export function requiredSubjectToken(params: Record<string, string>): string {
  const token = params.subject_token;
  if (!token) throw new InvalidRequest('subject_token is required');
  return token;
}

/**
 * What both exchanges refuse (RFC 8693 §2.1, §2.2.2 invalid_request): delegation (`actor_token`,
 * whose type is required with it and forbidden without it) and any issued token type other than an
 * access token.
 */
export function assertImpersonationOnly(params: Record<string, string>): void {
  if (params.actor_token || params.actor_token_type) {
    throw new InvalidRequest(
      'actor_token is not supported: the issued token acts for the subject alone',
    );
  }
  const requested = params.requested_token_type;
  if (requested && requested !== ACCESS_TOKEN_TYPE) {
    throw new InvalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
  }
}

/** The subject as an audit entry keeps it (the submitted e-mail, never a token). */
export function auditedSubject(value: string | undefined): string | null {
  if (!value) return null;
  return value.length > MAX_AUDITED_SUBJECT ? value.slice(0, MAX_AUDITED_SUBJECT) : value;
}
