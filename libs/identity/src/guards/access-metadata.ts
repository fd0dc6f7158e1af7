export const REQUIRED_SCOPES_METADATA = 'gatehouse:required-scopes';
export const WRITE_ACCESS_METADATA = 'gatehouse:write-access';
export const PERMISSION_METADATA = 'gatehouse:permission';
