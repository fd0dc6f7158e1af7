import type { ConfigSchema } from '../env-section';
import { allInOneConfigSchema } from './all-in-one.config';
import { authConfigSchema } from './auth.config';
import { deliveryWorkerConfigSchema } from './delivery-worker.config';
import { tokenExchangeConfigSchema } from './token-exchange.config';
import { webhookManagementConfigSchema } from './webhook-management.config';

export const GATEHOUSE_APPS = [
  'auth',
  'token-exchange',
  'webhook-management',
  'delivery-worker',
  'gatehouse',
] as const;
export type GatehouseApp = (typeof GATEHOUSE_APPS)[number];

/** Every app's schema, for checks and documentation over all of them. */
export const APP_CONFIG_SCHEMAS: Record<GatehouseApp, ConfigSchema<unknown>> = {
  auth: authConfigSchema,
  'token-exchange': tokenExchangeConfigSchema,
  'webhook-management': webhookManagementConfigSchema,
  'delivery-worker': deliveryWorkerConfigSchema,
  gatehouse: allInOneConfigSchema,
};
