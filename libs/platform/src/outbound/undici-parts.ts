import type {
  Agent as UndiciAgent,
  buildConnector as undiciBuildConnector,
  Dispatcher,
} from 'undici';

// undici's entry point loads all of it (fetch, WebSocket, caches, mocks, proxies): ~4.7 MiB of V8
// heap in every service, of which an Agent, its connector and `request` need ~1.7. These are the
// package's own modules for those three, required alone; undici 7 has no exports map, and the
// outbound specs exercise each part against a real server, so a release that moves them fails there.
/* eslint-disable @typescript-eslint/no-require-imports */
const AgentClass = require('undici/lib/dispatcher/agent') as typeof UndiciAgent;
const connectorBuilder = require('undici/lib/core/connect') as typeof undiciBuildConnector;
const requestThrough = require('undici/lib/api/api-request') as (
  this: Dispatcher,
  options: Dispatcher.RequestOptions,
) => Promise<Dispatcher.ResponseData>;
/* eslint-enable @typescript-eslint/no-require-imports */

/** undici's Agent (lib/dispatcher/agent), without the rest of the package. */
export function newAgent(options?: UndiciAgent.Options): UndiciAgent {
  return new AgentClass(options);
}

/** undici's buildConnector (lib/core/connect). */
export const buildConnector: typeof undiciBuildConnector = connectorBuilder;

/** What `outboundRequest` takes: undici's request options, with the dispatcher required. */
export type OutboundRequestOptions = Omit<
  Dispatcher.RequestOptions,
  'origin' | 'path' | 'method'
> & {
  method?: Dispatcher.HttpMethod;
  dispatcher: Dispatcher;
};

/**
 * undici's `request(url, options)` through the given dispatcher, as its entry point does it
 * (origin and path from the URL, GET unless a method is given), without undici's global
 * dispatcher: every request here names its agent.
 */
export async function outboundRequest(
  url: string | URL,
  options: OutboundRequestOptions,
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, method, ...rest } = options;
  const target = new URL(url);
  return requestThrough.call(dispatcher, {
    ...rest,
    origin: target.origin,
    path: `${target.pathname}${target.search}`,
    method: method ?? 'GET',
  });
}
