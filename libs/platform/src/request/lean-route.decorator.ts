import { SetMetadata } from '@nestjs/common';

export const LEAN_ROUTE_METADATA = 'gatehouse:lean-route';

/**
 * Marks a Nest route handler (a literal path, no parameters) whose requests are taken ahead of
 * Express's router (`lean-routes.ts`): the platform's request pipeline, then the same middleware
 * and the same Nest handler (guards, pipes, headers, status, error filter) the router would have
 * reached, found once at boot. The controller stays the one definition of the route; a marked
 * handler with no registered route refuses the boot.
 */
export const LeanRoute = () => SetMetadata(LEAN_ROUTE_METADATA, true);
