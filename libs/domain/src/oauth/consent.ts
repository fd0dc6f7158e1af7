import { AccessDenied, InvalidRequest } from '../common';
import { scopeCovers } from './scopes';

/** What a user granted an app (remembered per user and app), or what a request asks for. */
export interface ConsentGrant {
  scopes: readonly string[];
  orgIds: readonly string[];
}

/**
 * True when a remembered consent already covers a request, so the consent page is skipped
 * (docs/oauth.md "Consent"): every requested scope is granted (directly or implied, e.g. `manage-repos` covers
 * `read-repos`) and every organization named in `orgIds` was granted. Anything new shows the page.
 */
export function consentCovers(existing: ConsentGrant | null, requested: ConsentGrant): boolean {
  if (existing === null) return false;
  return (
    scopeCovers(existing.scopes, requested.scopes) &&
    requested.orgIds.every((orgId) => existing.orgIds.includes(orgId))
  );
}

/**
 * Whether the user can grant every organization named in `orgIds`. Decision: when not, the
 * request is not refused at once but shown with Deny only and answered as a denial, so the app
 * cannot tell a non-member (or an organization that does not exist) from a member who said no.
 */
export function canGrantRequiredOrgs(
  memberOrgIds: readonly string[],
  requiredOrgIds: readonly string[],
): boolean {
  return requiredOrgIds.every((orgId) => memberOrgIds.includes(orgId));
}

/**
 * The organizations granted by the consent form (one checkbox per membership; those named in
 * `orgIds` pre-checked and required). A submitted organization the user does not belong to is
 * invalid_request (tampered form, or membership removed meanwhile); an unchecked required one is
 * access_denied. Returns the granted ids in membership order.
 */
export function selectGrantedOrgs(input: {
  memberOrgIds: readonly string[];
  requiredOrgIds: readonly string[];
  selectedOrgIds: readonly string[];
}): string[] {
  const { memberOrgIds, requiredOrgIds, selectedOrgIds } = input;
  const stranger = selectedOrgIds.find((orgId) => !memberOrgIds.includes(orgId));
  if (stranger !== undefined)
    throw new InvalidRequest(`You are not a member of organization ${stranger}`);
  const unchecked = requiredOrgIds.find((orgId) => !selectedOrgIds.includes(orgId));
  if (unchecked !== undefined)
    throw new AccessDenied(`The app requires access to organization ${unchecked}`);
  return memberOrgIds.filter((orgId) => selectedOrgIds.includes(orgId));
}

/** Scopes the consent page shows checked and fixed: who the user is, which every app gets. */
export const FIXED_CONSENT_SCOPES: readonly string[] = ['openid', 'profile'];

/**
 * The scopes a consent grants: every requested fixed scope, and of the others those the user
 * left ticked (`chosen`; undefined when the form offered no choice: all of them). A chosen scope
 * that was not requested is ignored.
 */
export function chooseGrantedScopes(
  requested: readonly string[],
  chosen: readonly string[] | undefined,
): string[] {
  if (chosen === undefined) return [...requested];
  return requested.filter(
    (scope) => FIXED_CONSENT_SCOPES.includes(scope) || chosen.includes(scope),
  );
}
