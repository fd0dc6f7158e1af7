import { configVariableRecipe } from './config-variable.recipe';
import { eventRecipe } from './event.recipe';
import { grantTypeRecipe } from './grant-type.recipe';
import type { Recipe } from './recipe';
import { webhookFieldRecipe } from './webhook-field.recipe';

/** Every recipe `npm run test:recipes` proves, in the order it applies them to its copy. */
export const RECIPES: readonly Recipe[] = [
  webhookFieldRecipe,
  configVariableRecipe,
  eventRecipe,
  grantTypeRecipe,
];
