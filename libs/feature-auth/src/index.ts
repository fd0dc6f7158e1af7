export * from './auth.module';

// Pages and sessions, for other browser flows (the device flow's verification page)
export * from './pages/html';
export * from './pages/page-layout';
export * from './pages/page-response';
export * from './pages/message.page';
export * from './pages/sign-in.page';
export * from './pages/consent.page';
export * from './session/session.service';
export * from './session/session.module';
export * from './session/sign-in-location';

// Consent, shared by the authorization-code and device flows
export * from './consent/consent-request';
export * from './consent/consent-outcome';
export * from './consent/provide-consent-outcome-handlers';
export * from './consent/consent.service';
export * from './consent/consent.module';
export * from './consent/consent.controller';

// Client-ID metadata documents
export * from './cimd/client-metadata-resolver';
export * from './cimd/cimd.module';

// Discovery, keys, the token endpoint and its other grants, userinfo, revocation, introspection,
// personal tokens, whoami, the device flow
export * from './discovery';
export * from './keys';
export * from './token-endpoint';
export * from './refresh';
export * from './userinfo';
export * from './revocation';
export * from './introspection';
export * from './personal-tokens';
export * from './whoami';
export * from './device';
