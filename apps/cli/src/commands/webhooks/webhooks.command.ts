import { Command, InvalidArgumentError, Option } from 'commander';
import {
  GatehouseClient,
  type GatehouseClientOptions,
  parseWatchedItem,
  type WebhookDomain,
  type WebhookJobToken,
  type WebhookWatchedItem,
} from '@gatehouse/sdk';
import type { CliIo } from '../../cli-io';
import { processAuthDeps } from '../auth/auth-deps';
import { type StoredLogin, storedLogin } from '../auth/stored-login';
import {
  type ConnectionFlags,
  resolveConnection,
  withConnectionOptions,
} from './connection-options';
import { type Prompt, terminalPrompt } from './terminal-prompt';
import { OUTPUT_FORMATS, type OutputFormat, render } from './webhook-output';

/** What the webhooks commands reach outside themselves; tests replace any of it. */
export interface WebhooksCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  login: StoredLogin;
  createClient: (options: GatehouseClientOptions) => GatehouseClient;
  prompt: Prompt;
}

const DOMAINS: readonly WebhookDomain[] = ['repo', 'discussion', 'discussions'];
const JOB_TOKENS: readonly WebhookJobToken[] = ['none', 'read', 'write'];
const SECRET_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface TargetFlags {
  url?: string;
  jobId?: string;
  watch: WebhookWatchedItem[];
  domain: WebhookDomain[];
  secret?: string;
  secrets: string[];
  jobToken?: WebhookJobToken;
}

type CommonFlags = ConnectionFlags & { format: OutputFormat };

function collect<T>(parse: (text: string) => T) {
  return (text: string, previous: T[] = []): T[] => {
    try {
      return [...previous, parse(text)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

const watchItem = collect(parseWatchedItem);
const domain = collect((text: string): WebhookDomain => {
  if (!DOMAINS.includes(text as WebhookDomain))
    throw new Error(`Allowed domains: ${DOMAINS.join(', ')}.`);
  return text as WebhookDomain;
});
const secretName = collect((text: string) => {
  if (!SECRET_NAME.test(text))
    throw new Error(`A secret name is an environment variable name, got ${JSON.stringify(text)}.`);
  return text;
});

function common(command: Command): Command {
  return withConnectionOptions(command).addOption(
    new Option('--format <format>', 'output format').choices(OUTPUT_FORMATS).default('table'),
  );
}

function targetOptions(command: Command): Command {
  return command
    .option('--url <url>', 'URL receiving each event by POST (https)')
    .option('--job-id <id>', 'source Job to run on each event instead of calling a URL')
    .option(
      '--watch <type:name>',
      'what to watch: model|dataset|space|org|user|bucket:<name> (repeatable)',
      watchItem,
      [],
    )
    .option(
      '--domain <domain>',
      'event domain: repo, discussion (repeatable; default both)',
      domain,
      [],
    )
    .option('--secret <secret>', 'shared secret sent in X-Webhook-Secret')
    .option(
      '--secrets <NAME>',
      'Job secret named NAME, valued from $NAME or typed at a hidden prompt (repeatable)',
      secretName,
      [],
    )
    .addOption(
      new Option(
        '--job-token <access>',
        "Job webhooks: a token for the event's repository, passed to the Job as HF_TOKEN",
      ).choices(JOB_TOKENS),
    );
}

/** `gatehouse webhooks ...`: the webhook management API through @gatehouse/sdk (libs/feature-webhooks/README.md). */
export function webhooksCommand(io: CliIo, overrides: Partial<WebhooksCliDeps> = {}): Command {
  const deps: WebhooksCliDeps = {
    env: process.env,
    login: storedLogin(processAuthDeps()),
    createClient: (options) => new GatehouseClient(options),
    prompt: terminalPrompt,
    ...overrides,
  };
  const clientFor = async (flags: ConnectionFlags) => {
    const connection = await resolveConnection(flags, deps.env, deps.login);
    if (!connection.token)
      throw new Error(
        'No access token: pass --token, set GATEHOUSE_TOKEN or HF_TOKEN, or sign in with gatehouse auth login',
      );
    return deps.createClient({ endpoint: connection.endpoint, token: connection.token, env: {} });
  };

  const readSecrets = async (names: string[]): Promise<Record<string, string> | undefined> => {
    if (names.length === 0) return undefined;
    const secrets: Record<string, string> = {};
    for (const name of names) {
      const fromEnv = deps.env[name];
      if (fromEnv !== undefined) secrets[name] = fromEnv;
      else if (deps.prompt.interactive())
        secrets[name] = await deps.prompt.hidden(`Value of ${name} (empty removes it on update): `);
      else
        throw new Error(
          `No value for secret ${name}: set the environment variable ${name}, or run in a terminal to type it`,
        );
    }
    return secrets;
  };

  const webhooks = new Command('webhooks').description(
    'manage your webhooks: list, inspect, create, update, enable, disable, delete',
  );

  common(webhooks.command('ls'))
    .description('list your webhooks')
    .action(async (flags: CommonFlags) => {
      const client = await clientFor(flags);
      io.out(render(flags.format, await client.listWebhooks()));
    });

  common(webhooks.command('info').argument('<id>', 'webhook id'))
    .description('show one webhook')
    .action(async (id: string, flags: CommonFlags) => {
      const client = await clientFor(flags);
      io.out(render(flags.format, await client.getWebhook(id)));
    });

  targetOptions(common(webhooks.command('create')))
    .description(
      'create a webhook calling --url, or running --job-id, on changes of what --watch names',
    )
    .action(async (flags: CommonFlags & TargetFlags) => {
      if ((flags.url === undefined) === (flags.jobId === undefined))
        throw new Error('Give exactly one of --url and --job-id');
      if (flags.watch.length === 0) throw new Error('Give at least one --watch <type>:<name>');
      if (flags.secrets.length > 0 && flags.jobId === undefined)
        throw new Error('--secrets is for Job webhooks (--job-id)');
      const client = await clientFor(flags);
      const webhook = await client.createWebhook({
        ...(flags.url !== undefined ? { url: flags.url } : { jobId: flags.jobId }),
        watched: flags.watch,
        ...(flags.domain.length > 0 && { domains: flags.domain }),
        ...(flags.secret !== undefined && { secret: flags.secret }),
        ...(flags.secrets.length > 0 && { secrets: await readSecrets(flags.secrets) }),
        ...(flags.jobToken !== undefined && { jobToken: flags.jobToken }),
      });
      io.out(render(flags.format, webhook));
    });

  targetOptions(common(webhooks.command('update').argument('<id>', 'webhook id')))
    .description('change the given options of a webhook; the others stay as they are')
    .action(async (id: string, flags: CommonFlags & TargetFlags) => {
      // docs/settings-api.md "Webhooks": on a Job webhook, the Job id and the secrets travel together.
      if ((flags.jobId === undefined) !== (flags.secrets.length === 0))
        throw new Error('On update, --job-id and --secrets go together');
      const client = await clientFor(flags);
      const webhook = await client.updateWebhook(id, {
        ...(flags.url !== undefined && { url: flags.url }),
        ...(flags.watch.length > 0 && { watched: flags.watch }),
        ...(flags.domain.length > 0 && { domains: flags.domain }),
        ...(flags.secret !== undefined && { secret: flags.secret }),
        ...(flags.jobToken !== undefined && { jobToken: flags.jobToken }),
        ...(flags.jobId !== undefined && {
          jobId: flags.jobId,
          secrets: await readSecrets(flags.secrets),
        }),
      });
      io.out(render(flags.format, webhook));
    });

  for (const [name, description] of [
    ['enable', 'resume deliveries'],
    ['disable', 'pause deliveries (the webhook is kept)'],
  ] as const) {
    common(webhooks.command(name).argument('<id>', 'webhook id'))
      .description(description)
      .action(async (id: string, flags: CommonFlags) => {
        const client = await clientFor(flags);
        io.out(
          render(
            flags.format,
            name === 'enable' ? await client.enableWebhook(id) : await client.disableWebhook(id),
          ),
        );
      });
  }

  withConnectionOptions(webhooks.command('delete').argument('<id>', 'webhook id'))
    .description('delete a webhook for good (asks for confirmation)')
    .option('-y, --yes', 'do not ask for confirmation')
    .action(async (id: string, flags: ConnectionFlags & { yes?: boolean }) => {
      if (!flags.yes) {
        if (!deps.prompt.interactive())
          throw new Error(
            `Refusing to delete webhook ${id} without confirmation: not a terminal; pass --yes`,
          );
        if (!(await deps.prompt.confirm(`Delete webhook ${id}? This cannot be undone. [y/N] `))) {
          io.err('Not deleted.');
          return;
        }
      }
      const client = await clientFor(flags);
      await client.deleteWebhook(id);
      io.out(`Webhook ${id} deleted.`);
    });

  return webhooks;
}
