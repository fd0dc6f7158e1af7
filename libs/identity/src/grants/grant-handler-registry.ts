import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { GRANT_HANDLERS, GrantHandler } from './grant-handler';

/** The grant handlers every module contributed under GRANT_HANDLERS, by grant type. */
@Injectable()
export class GrantHandlerRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, GrantHandler>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const contributions = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.token === GRANT_HANDLERS && wrapper.instance)
      .map((wrapper) => wrapper.instance as GrantHandler | GrantHandler[]);
    // The same contribution is seen once per module that imports it: dedupe by instance.
    const unique = [...new Set(contributions.flat())];
    for (const handler of unique) this.register(handler);
  }

  /** Adds a handler; a second handler for a grant type already registered is a start-up error. */
  register(handler: GrantHandler): void {
    if (typeof handler?.grantType !== 'string' || typeof handler.handle !== 'function') {
      throw new Error(
        'A GRANT_HANDLERS provider does not implement GrantHandler (grantType and handle)',
      );
    }
    const existing = this.handlers.get(handler.grantType);
    if (existing === handler) return;
    if (existing) {
      throw new Error(
        `Two grant handlers for grant_type '${handler.grantType}': ${existing.constructor.name} and ${handler.constructor.name}`,
      );
    }
    this.handlers.set(handler.grantType, handler);
  }

  find(grantType: string): GrantHandler | undefined {
    return this.handlers.get(grantType);
  }

  grantTypes(): string[] {
    return [...this.handlers.keys()];
  }
}
