import { ApiError, isObjectId } from '@gatehouse/domain';
import { actsAsUser, isFineGrained, type Principal } from '@gatehouse/identity';

/**
 * The user whose webhooks the caller manages. Webhooks belong to users (the Hub has no
 * organization webhooks, docs/hf-clients.md "Webhook management API"), so only tokens acting for a user in their
 * own right may manage them: personal tokens (a fine-grained one's `user.webhooks.*` permissions
 * checked by the route guard), the user's browser session, and OAuth tokens (whose `webhooks` scope
 * the route guard checks). Token-exchange tokens act inside an organization and trusted-publisher tokens on
 * one repository; neither reaches a user's webhooks.
 */
export function webhookOwnerOf(principal: Principal): string {
  const owner = actsAsUser(principal) || isFineGrained(principal) || principal.kind === 'oauth';
  if (!owner || !principal.user) {
    throw ApiError.forbidden(
      'Webhooks belong to users: use a personal access token or an OAuth token with the webhooks scope',
    );
  }
  return principal.user.id;
}

export function webhookNotFound(): ApiError {
  return ApiError.notFound('Webhook not found');
}

/** An id that cannot name a webhook is answered like an unknown one: 404, not 400. */
export function assertWebhookIdShape(id: string): void {
  if (!isObjectId(id)) throw webhookNotFound();
}
