import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { WebhookView } from '@gatehouse/domain';
import type {
  SourceJobsPage,
  TestEventAccepted,
  WebhookHealthView,
  WebhookNoticesPage,
} from '@gatehouse/settings-api';
import {
  CurrentPrincipal,
  type Principal,
  RequirePermission,
  RequireScopes,
  RequireWriteAccess,
} from '@gatehouse/identity';
import { CreateWebhook } from './create-webhook.use-case';
import { DeleteWebhook } from './delete-webhook.use-case';
import { GetWebhook } from './get-webhook.use-case';
import { ListWebhooks } from './list-webhooks.use-case';
import { type RotatedWebhookSecret, RotateWebhookSecret } from './rotate-webhook-secret.use-case';
import { SetWebhookDisabled } from './set-webhook-disabled.use-case';
import { UpdateWebhook } from './update-webhook.use-case';
import { ListSourceJobs } from '../source-jobs/list-source-jobs.use-case';
import { GetWebhookHealth } from '../health/get-webhook-health.use-case';
import { ListWebhookNotices } from '../health/list-webhook-notices.use-case';
import { SendTestEvent } from '../activity/send-test-event.use-case';

type Wrapped = { webhook: WebhookView };

/**
 * The routes exactly as the Python client calls them (docs/hf-clients.md "Webhook management API"): the list is a
 * bare array, every other answer `{"webhook": {...}}`, update is a POST. OAuth tokens need the
 * `webhooks` scope; read-only tokens may list and read but not change; fine-grained tokens need
 * `user.webhooks.read` to list and read, `user.webhooks.write` to change.
 */
@Controller('api/settings/webhooks')
@RequireScopes('webhooks')
@RequirePermission('user.webhooks.read')
export class WebhooksController {
  constructor(
    private readonly lister: ListWebhooks,
    private readonly getter: GetWebhook,
    private readonly creator: CreateWebhook,
    private readonly updater: UpdateWebhook,
    private readonly states: SetWebhookDisabled,
    private readonly remover: DeleteWebhook,
    private readonly rotator: RotateWebhookSecret,
    private readonly sourceJobs: ListSourceJobs,
    private readonly notices: ListWebhookNotices,
    private readonly health: GetWebhookHealth,
    private readonly tests: SendTestEvent,
  ) {}

  @Get()
  list(@CurrentPrincipal() principal: Principal): Promise<WebhookView[]> {
    return this.lister.execute(principal);
  }

  /** Before `:id`: the Jobs a Job webhook may start, for the form. */
  @Get('source-jobs')
  listSourceJobs(@CurrentPrincipal() principal: Principal): Promise<SourceJobsPage> {
    return this.sourceJobs.execute(principal);
  }

  /** Before `:id`: the caller's failing or disabled webhooks, for the settings home. */
  @Get('notices')
  listNotices(@CurrentPrincipal() principal: Principal): Promise<WebhookNoticesPage> {
    return this.notices.execute(principal);
  }

  @Get(':id/health')
  async getHealth(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<{ health: WebhookHealthView }> {
    return { health: await this.health.execute(principal, id) };
  }

  @Post(':id/test')
  @HttpCode(202)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  sendTestEvent(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<TestEventAccepted> {
    return this.tests.execute(principal, id);
  }

  @Get(':id')
  async get(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<Wrapped> {
    return { webhook: await this.getter.execute(principal, id) };
  }

  @Post()
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  async create(@CurrentPrincipal() principal: Principal, @Body() body: unknown): Promise<Wrapped> {
    return { webhook: await this.creator.execute(principal, body) };
  }

  @Post(':id')
  @HttpCode(200)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  async update(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<Wrapped> {
    return { webhook: await this.updater.execute(principal, id, body) };
  }

  @Post(':id/enable')
  @HttpCode(200)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  async enable(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<Wrapped> {
    return { webhook: await this.states.execute(principal, id, false) };
  }

  @Post(':id/disable')
  @HttpCode(200)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  async disable(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
  ): Promise<Wrapped> {
    return { webhook: await this.states.execute(principal, id, true) };
  }

  /** A new secret with an overlap during which the previous one still goes out. */
  @Post(':id/rotate-secret')
  @HttpCode(200)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  rotateSecret(
    @CurrentPrincipal() principal: Principal,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<RotatedWebhookSecret> {
    return this.rotator.execute(principal, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequireWriteAccess()
  @RequirePermission('user.webhooks.write')
  remove(@CurrentPrincipal() principal: Principal, @Param('id') id: string): Promise<void> {
    return this.remover.execute(principal, id);
  }
}
