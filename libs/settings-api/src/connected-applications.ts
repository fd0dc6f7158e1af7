/** One app connected to the user, as `GET /api/settings/connected-applications` lists it. */
export interface ConnectedApplicationView {
  clientId: string;
  /** The registered name; a metadata-document app is named by its document's host. */
  name: string;
  logoUrl: string | null;
  homepageUrl: string | null;
  scopes: string[];
  /** The organizations granted, by name; an organization the user has since left is left out. */
  organizations: { id: string; name: string }[];
  grantedAt: string;
  lastTokenIssuedAt: string | null;
}
