import type { ApiDescription } from '@gatehouse/platform';
import { WEBHOOK_ACTIVITY_API } from './activity/webhook-activity-openapi';
import { WEBHOOKS_API } from './webhooks/webhooks-openapi';

/** The descriptions of the lib's public routes, for `OpenApiModule` (docs/openapi.md). */
export const WEBHOOKS_OPENAPI: readonly ApiDescription[] = [WEBHOOKS_API, WEBHOOK_ACTIVITY_API];
