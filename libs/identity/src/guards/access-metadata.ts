export const REQUIRED_SCOPES_METADATA = 'gatehouse:required-scopes';
export const WRITE_ACCESS_METADATA = 'gatehouse:write-access';
