import { TOKENS } from './fixtures';

/**
 * What huggingface_hub sends (docs/hf-clients.md "Webhook management API"): its headers, and JSON bodies as
 * its HTTP stacks serialise them: `requests` uses `json.dumps` defaults (`", "` and `": "`),
 * httpx (huggingface_hub 1.x) compact separators. Unset options travel as `null`.
 */
export const PYTHON_HEADERS = {
  'user-agent': 'unknown/None; hf_hub/0.34.4; python/3.12.3; torch/2.4.0',
  accept: '*/*',
  'accept-encoding': 'gzip, deflate',
};

export function pythonJsonHeaders(): Record<string, string> {
  return { ...PYTHON_HEADERS, 'content-type': 'application/json' };
}

export const PYTHON_TOKEN = TOKENS.aliceWrite;

/** The keys `WebhookInfo` reads with `data[key]`: a missing one raises KeyError in the client. */
const REQUIRED_WEBHOOK_KEYS = ['id', 'watched', 'domains', 'disabled'] as const;

/** `JobSpec.__init__` keys (camelCase as served); anything else is ignored by the client. */
export const JOB_SPEC_KEYS = [
  'dockerImage',
  'spaceId',
  'command',
  'arguments',
  'environment',
  'secrets',
  'flavor',
  'timeout',
  'tags',
  'arch',
  'labels',
  'volumes',
] as const;

export interface ParsedWebhookInfo {
  id: string;
  url: string | null;
  job: Record<string, unknown> | null;
  watched: Array<{ type: string; name: string }>;
  domains: string[];
  secret: string | null;
  disabled: boolean;
}

/** Mirrors the Python client's parser (`WebhookInfo` from `data`): fails as it would on a missing key. */
export function parseLikePythonClient(data: Record<string, unknown>): ParsedWebhookInfo {
  for (const key of REQUIRED_WEBHOOK_KEYS) {
    if (!(key in data)) throw new Error(`KeyError: '${key}'`);
  }
  const job = data.job ? (data.job as Record<string, unknown>) : null;
  return {
    id: data.id as string,
    url: (data.url as string | undefined) ?? null,
    job,
    watched: (data.watched as Array<{ type: string; name: string }>).map(({ type, name }) => ({
      type,
      name,
    })),
    domains: data.domains as string[],
    secret: (data.secret as string | undefined) ?? null,
    disabled: data.disabled as boolean,
  };
}
