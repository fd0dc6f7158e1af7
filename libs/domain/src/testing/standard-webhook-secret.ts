import { signingKey } from '../webhooks/signature';

/**
 * A webhook's secret as a Standard Webhooks library expects it (`whsec_` + base64 of the key
 * Gatehouse signs with), so a spec verifies Gatehouse's signatures with the reference package.
 */
export function standardWebhookSecret(secret: string): string {
  return `whsec_${signingKey(secret).toString('base64')}`;
}
