import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { CONSENT_OUTCOME_HANDLERS, ConsentOutcomeHandler } from './consent-outcome';

/** The consent outcome handlers every module contributed, by intent kind; duplicates fail start-up. */
@Injectable()
export class ConsentOutcomeRegistry implements OnModuleInit {
  private readonly handlers = new Map<string, ConsentOutcomeHandler>();

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const contributions = this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.token === CONSENT_OUTCOME_HANDLERS && wrapper.instance)
      .map((wrapper) => wrapper.instance as ConsentOutcomeHandler[]);
    for (const handler of new Set(contributions.flat())) this.register(handler);
  }

  register(handler: ConsentOutcomeHandler): void {
    const existing = this.handlers.get(handler.intentKind);
    if (existing === handler) return;
    if (existing) {
      throw new Error(
        `Two consent outcome handlers for intent '${handler.intentKind}': ${existing.constructor.name} and ${handler.constructor.name}`,
      );
    }
    this.handlers.set(handler.intentKind, handler);
  }

  /** The handler of a pending consent's intent; a missing one is a wiring bug, not a user error. */
  get(intentKind: string): ConsentOutcomeHandler {
    const handler = this.handlers.get(intentKind);
    if (!handler) throw new Error(`No consent outcome handler for intent '${intentKind}'`);
    return handler;
  }
}
