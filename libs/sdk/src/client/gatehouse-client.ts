import { JsonReader, JsonShapeError } from '../internal/json.reader';
import { resolveEndpoint } from '../internal/resolve-endpoint';
import { USER_AGENT } from '../internal/sdk-version';
import { GatehouseResponseError } from './gatehouse-response.error';
import { readHttpError } from './read-http-error';
import { toWatchedItem } from './watched-item';
import {
  type CreateWebhookOptions,
  optionalSettingsBody,
  parseWebhookInfo,
  type UpdateWebhookOptions,
  type WebhookInfo,
} from './webhook-info';
import type { WhoAmI } from './whoami';

export interface GatehouseClientOptions {
  /** Base URL of the Gatehouse deployment; default `GATEHOUSE_ENDPOINT`. */
  endpoint?: string;
  /** Access token; default `GATEHOUSE_TOKEN`, else `HF_TOKEN`. */
  token?: string;
  /** Per-request timeout. Default 30 s. */
  timeoutMs?: number;
  userAgent?: string;
  fetch?: typeof fetch;
  /** Environment to read defaults from; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
}

const WEBHOOKS_PATH = '/api/settings/webhooks';

/**
 * The webhook management API and `whoami`, on exactly the routes and bodies the Python client
 * uses (docs/hf-clients.md "Webhook management API"). Non-2xx answers throw GatehouseHttpError subclasses.
 */
export class GatehouseClient {
  readonly endpoint: string;
  private readonly token: string | undefined;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: GatehouseClientOptions = {}) {
    const env = options.env ?? process.env;
    this.endpoint = resolveEndpoint(options.endpoint, env);
    this.token = options.token || env.GATEHOUSE_TOKEN || env.HF_TOKEN || undefined;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async whoami(): Promise<WhoAmI> {
    const body = await this.request('GET', '/api/whoami-v2');
    return this.read('GET', '/api/whoami-v2', () => {
      const reader = JsonReader.of(body, 'whoami');
      reader.string('name');
      return reader.value as WhoAmI;
    });
  }

  async listWebhooks(): Promise<WebhookInfo[]> {
    const body = await this.request('GET', WEBHOOKS_PATH);
    return this.read('GET', WEBHOOKS_PATH, () => {
      if (!Array.isArray(body)) throw new JsonShapeError('webhooks', 'an array');
      return body.map((item, index) => parseWebhookInfo(item, `webhooks[${index}]`));
    });
  }

  async getWebhook(id: string): Promise<WebhookInfo> {
    return this.webhookCall('GET', webhookPath(id));
  }

  async createWebhook(options: CreateWebhookOptions): Promise<WebhookInfo> {
    if ((options.url === undefined) === (options.jobId === undefined)) {
      throw new TypeError('createWebhook needs exactly one of `url` and `jobId`.');
    }
    return this.webhookCall('POST', WEBHOOKS_PATH, {
      watched: options.watched.map(toWatchedItem),
      ...optionalSettingsBody(options),
      ...(options.secret !== undefined && { secret: options.secret }),
      ...(options.url !== undefined ? { url: options.url } : { jobSourceId: options.jobId }),
      ...(options.secrets !== undefined && { secrets: options.secrets }),
    });
  }

  /** Update is a POST, and `watched` is always sent (`[]` means unchanged), as the Python client does. */
  async updateWebhook(id: string, options: UpdateWebhookOptions = {}): Promise<WebhookInfo> {
    if ((options.jobId === undefined) !== (options.secrets === undefined)) {
      throw new TypeError('On a Job webhook, `jobId` and `secrets` are passed together.');
    }
    if (options.url !== undefined && options.jobId !== undefined) {
      throw new TypeError('updateWebhook takes `url` or `jobId`, not both.');
    }
    return this.webhookCall('POST', webhookPath(id), {
      watched: (options.watched ?? []).map(toWatchedItem),
      ...(options.url !== undefined && { url: options.url }),
      ...optionalSettingsBody(options),
      ...(options.secret !== undefined && { secret: options.secret }),
      ...(options.jobId !== undefined && { jobSourceId: options.jobId, secrets: options.secrets }),
    });
  }

  async enableWebhook(id: string): Promise<WebhookInfo> {
    return this.webhookCall('POST', `${webhookPath(id)}/enable`);
  }

  async disableWebhook(id: string): Promise<WebhookInfo> {
    return this.webhookCall('POST', `${webhookPath(id)}/disable`);
  }

  async deleteWebhook(id: string): Promise<void> {
    await this.request('DELETE', webhookPath(id));
  }

  private async webhookCall(method: string, path: string, body?: unknown): Promise<WebhookInfo> {
    const answer = await this.request(method, path, body);
    return this.read(method, path, () =>
      parseWebhookInfo(JsonReader.of(answer, 'response').value.webhook),
    );
  }

  private read<T>(method: string, path: string, parse: () => T): T {
    try {
      return parse();
    } catch (error) {
      if (error instanceof JsonShapeError)
        throw new GatehouseResponseError(error.message, method, this.endpoint + path);
      throw error;
    }
  }

  /** Sends one call; resolves the parsed JSON body (undefined when empty), throws on non-2xx. */
  private async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const url = this.endpoint + path;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? USER_AGENT,
    };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    if (response.status < 200 || response.status >= 300)
      throw await readHttpError(response, method, url);
    const text = await response.text();
    if (!text.trim()) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      if (method === 'DELETE') return undefined;
      throw new GatehouseResponseError('the body is not JSON', method, url);
    }
  }
}

function webhookPath(id: string): string {
  if (!id) throw new TypeError('A webhook id is required.');
  return `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;
}
