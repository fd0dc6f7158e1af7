import { expectStatus, Flow, FlowError, FlowState, jsonBody } from '../flow';

export interface ExchangeClient {
  clientId: string;
  clientSecret: string;
  emails: string[];
}

interface ExchangeState extends FlowState {
  authorization: string;
  email: string;
}

/**
 * RFC 8693 exchange of a member's e-mail for a token (the organization-bound app grant), the
 * clients and their members taken in turn: one client is one organization's traffic, several are
 * organizations side by side.
 */
export function tokenExchange(clients: ExchangeClient[]): Flow<ExchangeState> {
  let turn = 0;
  return {
    start: () => {
      const client = clients[turn % clients.length]!;
      const email = client.emails[Math.floor(turn / clients.length) % client.emails.length]!;
      turn += 1;
      const authorization = `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64')}`;
      return { authorization, email };
    },
    steps: [
      {
        request: (flow) => ({
          method: 'POST',
          path: '/oauth/token',
          headers: { authorization: flow.authorization },
          form: {
            grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
            subject_token: flow.email,
            subject_token_type: 'urn:huggingface:token-type:user-email',
            scope: 'read-repos',
          },
        }),
        check: (_flow, answer) => {
          expectStatus(answer, 200, 'token exchange');
          if (!jsonBody<{ access_token?: string }>(answer).access_token)
            throw new FlowError('exchange answer without access_token');
        },
      },
    ],
  };
}
