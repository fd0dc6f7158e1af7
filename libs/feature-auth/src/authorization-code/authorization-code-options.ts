/** GATEHOUSE_AUTHORIZATION_CODE_TTL_SECONDS (about 60 s). */
export interface AuthorizationCodeOptions {
  codeTtlSeconds: number;
}

export const AUTHORIZATION_CODE_OPTIONS = Symbol('gatehouse.auth.authorizationCodeOptions');
