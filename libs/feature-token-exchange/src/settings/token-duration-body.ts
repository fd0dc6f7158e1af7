import { z } from 'zod';

/** `PUT …/settings/token-exchange-apps/{clientId}`; the service checks the number (its bounds, its message). */
export const tokenDurationBody = z.strictObject({
  tokenDurationSeconds: z.unknown().meta({
    description: 'Seconds, a whole number between 300 and 2592000 (30 days).',
  }),
});
