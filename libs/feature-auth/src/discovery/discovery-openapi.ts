import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  type DescribesExactly,
  jsonResponse,
} from '@gatehouse/platform';
import { CODE_CHALLENGE_METHODS_SUPPORTED, SCOPES_SUPPORTED } from '@gatehouse/domain';
import { CLAIMS_SUPPORTED, type DiscoveryDocument } from './discovery-document';

type ScopeName = (typeof SCOPES_SUPPORTED)[number];

const url = z.string();
const list = z.array(z.string());

/** OpenID Connect Discovery 1.0 §3 and RFC 8414 §2: exactly the fields buildDiscoveryDocument sends. */
const discoverySchema = z
  .object({
    issuer: url,
    authorization_endpoint: url,
    token_endpoint: url,
    userinfo_endpoint: url,
    jwks_uri: url,
    revocation_endpoint: url,
    introspection_endpoint: url,
    device_authorization_endpoint: url,
    end_session_endpoint: url.meta({ description: 'OpenID Connect RP-Initiated Logout 1.0.' }),
    scopes_supported: z.array(z.enum(SCOPES_SUPPORTED as [ScopeName, ...ScopeName[]])),
    response_types_supported: list,
    response_modes_supported: list,
    grant_types_supported: list.meta({
      description: 'The grants this deployment handles.',
    }),
    code_challenge_methods_supported: z.array(z.enum(CODE_CHALLENGE_METHODS_SUPPORTED)),
    token_endpoint_auth_methods_supported: list,
    revocation_endpoint_auth_methods_supported: list,
    id_token_signing_alg_values_supported: list,
    subject_types_supported: list,
    claims_supported: z.array(z.enum(CLAIMS_SUPPORTED)),
    client_id_metadata_document_supported: z.boolean(),
    authorization_response_iss_parameter_supported: z.boolean(),
    backchannel_logout_supported: z.boolean(),
    backchannel_logout_session_supported: z.boolean(),
  })
  .meta({ id: 'AuthorizationServerMetadata' });

const checked: DescribesExactly<typeof discoverySchema, DiscoveryDocument> = true;
void checked;

const metadata = (summary: string) => ({
  get: {
    summary,
    tags: ['oauth'],
    responses: {
      '200': jsonResponse('The metadata, every endpoint under the issuer.', discoverySchema),
      ...API_ERRORS,
    },
  },
});

/** The discovery documents (discovery.controller.ts; docs/oauth.md). No authentication. */
export const DISCOVERY_API: ApiDescription = {
  '/.well-known/openid-configuration': metadata('OpenID Connect discovery'),
  '/.well-known/oauth-authorization-server': metadata(
    'OAuth authorization server metadata (RFC 8414); the same document',
  ),
};
