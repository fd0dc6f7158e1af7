/** `GET /api/whoami-v2` (docs/hf-clients.md "Token prefixes and whoami-v2"). Fields beyond these are kept as sent. */
export interface WhoAmIOrg {
  type: 'org';
  id: string;
  name: string;
  fullname?: string;
  email?: string | null;
  canPay?: boolean;
  avatarUrl?: string;
  periodEnd?: number | null;
  [key: string]: unknown;
}

export interface WhoAmIAuth {
  type: 'access_token' | 'app_token' | 'app_token_as_user' | string;
  accessToken?: {
    displayName?: string;
    role: 'admin' | 'write' | 'contributor' | 'read' | 'fineGrained';
    createdAt: string;
    expiration?: string;
  };
  expiresAt?: string;
  [key: string]: unknown;
}

export interface WhoAmI {
  type: 'user' | 'app' | 'org';
  id: string;
  name: string;
  fullname?: string;
  email?: string | null;
  emailVerified?: boolean;
  isPro?: boolean;
  canPay?: boolean;
  avatarUrl?: string;
  periodEnd?: number | null;
  orgs?: WhoAmIOrg[];
  auth?: WhoAmIAuth;
  [key: string]: unknown;
}
