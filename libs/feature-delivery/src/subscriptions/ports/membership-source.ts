/** Organization memberships of the users who own webhooks, from the accounts tables. */
export abstract class MembershipSource {
  /** user id -> ids of the organizations the user belongs to (any role). */
  abstract organizationsOfWebhookOwners(): Promise<Map<string, Set<string>>>;
}
