import { Command } from 'commander';
import { readFile } from 'node:fs/promises';
import type { CliIo } from '../../cli-io';

/** What the events commands reach outside themselves; tests replace any of it. */
export interface EventsCliDeps {
  env: Readonly<Record<string, string | undefined>>;
  fetch: typeof fetch;
  readInput: (file: string) => Promise<string>;
}

/** The ingestion route takes at most this many events per request (MAX_EVENTS_PER_REQUEST). */
export const EVENTS_PER_REQUEST = 500;

interface PublishFlags {
  endpoint?: string;
  internalToken?: string;
  format: 'ids' | 'json';
}

const readStdin = async (): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** One event object or an array of them, as the route takes them (docs/events.md). */
function parseEvents(text: string, file: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${(error as Error).message}`);
  }
  const events = Array.isArray(parsed) ? parsed : [parsed];
  if (events.length === 0) throw new Error(`${file} holds no event`);
  return events;
}

async function publishBatch(
  deps: EventsCliDeps,
  endpoint: string,
  token: string,
  batch: unknown[],
): Promise<string[]> {
  const response = await deps.fetch(`${endpoint.replace(/\/+$/, '')}/internal/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(batch),
  });
  const body = (await response.json().catch(() => null)) as {
    ids?: string[];
    error?: string;
  } | null;
  if (response.status !== 202 || !Array.isArray(body?.ids)) {
    throw new Error(
      `the server answered ${response.status}${body?.error ? `: ${body.error}` : ''}`,
    );
  }
  return body.ids;
}

/** `gatehouse events publish FILE`: repo change events to POST /internal/events, for producers without Kafka. */
export function eventsCommand(io: CliIo, overrides: Partial<EventsCliDeps> = {}): Command {
  const deps: EventsCliDeps = {
    env: process.env,
    fetch: (input, init) => fetch(input, init),
    readInput: (file) => (file === '-' ? readStdin() : readFile(file, 'utf8')),
    ...overrides,
  };
  const events = new Command('events').description(
    'repo change events (the delivery pipeline input)',
  );

  events
    .command('publish')
    .argument(
      '<file>',
      'JSON file with one repo change event or an array of them ("-" reads standard input)',
    )
    .description(
      `publish repo change events through POST /internal/events, ${EVENTS_PER_REQUEST} per request, in file order`,
    )
    .option(
      '--endpoint <url>',
      'Gatehouse base URL serving /internal/events (default: $GATEHOUSE_ENDPOINT)',
    )
    .option('--internal-token <token>', 'service token (default: $GATEHOUSE_INTERNAL_TOKEN)')
    .option('--format <format>', 'output: ids (one per line) or json', 'ids')
    .action(async (file: string, flags: PublishFlags) => {
      const endpoint = flags.endpoint || deps.env.GATEHOUSE_ENDPOINT;
      if (!endpoint)
        throw new Error('No Gatehouse endpoint: pass --endpoint or set GATEHOUSE_ENDPOINT');
      const token = flags.internalToken || deps.env.GATEHOUSE_INTERNAL_TOKEN;
      if (!token)
        throw new Error('No internal token: pass --internal-token or set GATEHOUSE_INTERNAL_TOKEN');
      if (flags.format !== 'ids' && flags.format !== 'json')
        throw new Error(`--format is ids or json, got ${flags.format}`);
      const all = parseEvents(await deps.readInput(file), file === '-' ? 'standard input' : file);
      const ids: string[] = [];
      for (let start = 0; start < all.length; start += EVENTS_PER_REQUEST) {
        try {
          ids.push(
            ...(await publishBatch(
              deps,
              endpoint,
              token,
              all.slice(start, start + EVENTS_PER_REQUEST),
            )),
          );
        } catch (error) {
          const published = ids.length > 0 ? ` (events 1-${ids.length} were published)` : '';
          throw new Error(
            `publishing events ${start + 1}-${Math.min(start + EVENTS_PER_REQUEST, all.length)} failed: ${(error as Error).message}${published}`,
          );
        }
      }
      io.out(flags.format === 'json' ? JSON.stringify({ ids }, null, 2) : ids.join('\n'));
    });
  return events;
}
