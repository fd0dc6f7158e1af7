/** `GET`/`PUT /api/organizations/{name}/settings/two-factor`: whether members need a second factor. */
export interface OrganizationTwoFactorView {
  requireTwoFactor: boolean;
}
