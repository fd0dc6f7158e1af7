/** A personal access token as `GET /api/settings/tokens` lists it: never its value. */
export interface PersonalTokenView {
  id: string;
  name: string;
  role: 'read' | 'write';
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to a creation: the only time the clear token is ever shown. */
export interface CreatedPersonalToken extends PersonalTokenView {
  token: string;
}
