import { Module } from '@nestjs/common';
import { aNetworkConfig, aWebhooksConfig } from '@gatehouse/config/testing';
import { IdentityModule } from '@gatehouse/identity';
import { DatabaseModule, FlowStateModule } from '@gatehouse/platform';
import { createServiceApp } from '@gatehouse/platform/testing';
import { createScratchDatabase, type ScratchDatabase } from '@gatehouse/testing';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import { WebhooksModule } from '../webhooks.module';
import { FakeHostResolver } from './fake-host-resolver';
import { seedCallers } from './fixtures';

export const ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');

export interface WebhooksTestApp {
  app: NestExpressApplication;
  baseUrl: string;
  dataSource: DataSource;
  resolver: FakeHostResolver;
  close(): Promise<void>;
}

/**
 * The webhook-management feature as its service mounts it (identity, database, webhooks) on a
 * migrated scratch database with seeded callers, listening on a free loopback port. Names resolve
 * through a table (`resolver`), so no test depends on the network.
 */
export async function startWebhooksTestApp(
  options: { maxWebhooksPerUser?: number } = {},
): Promise<WebhooksTestApp> {
  const database: ScratchDatabase = await createScratchDatabase({ prefix: 'gatehouse_webhooks' });
  const resolver = new FakeHostResolver();
  resolver.answers.set('webhook.site', ['93.184.215.14']);
  resolver.answers.set('hooks.example.com', [
    '93.184.215.15',
    '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
  ]);
  resolver.answers.set('intranet.example.com', ['10.20.30.40']);

  @Module({
    imports: [
      DatabaseModule.forRoot({ type: 'postgres', url: database.url, runMigrations: true }),
      FlowStateModule.forRoot({ type: 'memory' }),
      IdentityModule.forRoot({
        publicUrl: 'https://gatehouse.test',
        encryptionKey: ENCRYPTION_KEY,
      }),
      WebhooksModule.forRoot({
        encryptionKey: ENCRYPTION_KEY,
        webhooks: aWebhooksConfig({ maxWebhooksPerUser: options.maxWebhooksPerUser ?? 50 }),
        network: aNetworkConfig(),
        hostResolver: resolver,
      }),
    ],
  })
  class WebhookManagementUnderTest {}

  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  let app: NestExpressApplication | undefined;
  try {
    app = await createServiceApp({
      name: 'webhook-management',
      module: WebhookManagementUnderTest,
      logDestination: quiet,
      logLevel: 'error',
    });
    await app.listen(0, '127.0.0.1');
    const dataSource = app.get(DataSource);
    await seedCallers(dataSource, ENCRYPTION_KEY);
    const address = app.getHttpServer().address() as { port: number };
    const started = app;
    return {
      app: started,
      baseUrl: `http://127.0.0.1:${address.port}`,
      dataSource,
      resolver,
      close: async () => {
        await started.close();
        await database.drop();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.drop();
    throw error;
  }
}

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body; undefined when empty. */
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary answers
}

/** One HTTP call with the exact body bytes given. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= 'application/json';
  const response = await fetch(baseUrl + path, { method, headers, body: options.body });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text ? JSON.parse(text) : undefined,
  };
}
