import type { Recipe } from './recipe';

const GRANT_TYPE = 'urn:gatehouse:params:oauth:grant-type:recipe-probe';

/**
 * docs/architecture.md "How to add", a grant type: a grant of `auth`'s token endpoint, with its
 * handler and module in a folder of its own, registered beside the refresh grant, its identifier
 * in the domain's table. The grant, discovery and token-endpoint specs must pass; discovery lists
 * it from the registry, so only the specs that pin a service's list change.
 */
export const grantTypeRecipe: Recipe = {
  heading: 'A grant type.',
  steps: [
    {
      file: 'libs/domain/src/oauth/grant-types.ts',
      edits: [
        {
          after: /export const TOKEN_EXCHANGE_GRANT_TYPE = [^\n]*\n/,
          insert: `export const RECIPE_PROBE_GRANT_TYPE = '${GRANT_TYPE}';\n`,
        },
        {
          after: /export const GRANT_TYPES = \[[^\]]*\n(?=\] as const;)/,
          insert: '  RECIPE_PROBE_GRANT_TYPE,\n',
        },
      ],
    },
    {
      file: 'libs/domain/src/oauth/index.ts',
      edits: [
        { after: /\n(?=\} from '\.\/grant-types';)/, insert: '  RECIPE_PROBE_GRANT_TYPE,\n' },
      ],
    },
    {
      file: 'libs/domain/src/index.ts',
      edits: [
        { after: /\n {2}REFRESH_TOKEN_GRANT_TYPE,\n/, insert: '  RECIPE_PROBE_GRANT_TYPE,\n' },
      ],
    },
    {
      file: 'libs/feature-auth/src/recipe-probe/recipe-probe.grant.ts',
      create: [
        "import { Injectable } from '@nestjs/common';",
        "import { InvalidGrant, RECIPE_PROBE_GRANT_TYPE } from '@gatehouse/domain';",
        "import type { GrantHandler, TokenResponseBody } from '@gatehouse/identity';",
        '',
        "/** The grant of the recipe's proof: refuses every request. */",
        '@Injectable()',
        'export class RecipeProbeGrant implements GrantHandler {',
        '  readonly grantType = RECIPE_PROBE_GRANT_TYPE;',
        '',
        '  async handle(): Promise<TokenResponseBody> {',
        "    throw new InvalidGrant('no probe is ever granted');",
        '  }',
        '}',
        '',
      ].join('\n'),
    },
    {
      file: 'libs/feature-auth/src/recipe-probe/recipe-probe.module.ts',
      create: [
        "import { Module } from '@nestjs/common';",
        "import { provideGrantHandlers } from '@gatehouse/identity';",
        "import { RecipeProbeGrant } from './recipe-probe.grant';",
        '',
        '/** The recipe-probe grant of `POST /oauth/token`. */',
        '@Module({ providers: [...provideGrantHandlers(RecipeProbeGrant)] })',
        'export class RecipeProbeGrantModule {}',
        '',
      ].join('\n'),
    },
    {
      file: 'libs/feature-auth/src/token-endpoint/auth-token-modules.ts',
      edits: [
        {
          after: /^import .*\n(?!import)/m,
          insert: "import { RecipeProbeGrantModule } from '../recipe-probe/recipe-probe.module';\n",
        },
        { after: /\n {2}RefreshTokenGrantModule,\n/, insert: '  RecipeProbeGrantModule,\n' },
      ],
    },
    {
      file: 'libs/feature-auth/src/keys/discovery-and-keys.int-spec.ts',
      edits: [
        {
          after: "expect(document.grant_types_supported).toEqual(['refresh_token'",
          insert: `, '${GRANT_TYPE}'`,
        },
      ],
    },
    {
      file: 'docs/oauth.md',
      edits: [
        {
          after: /\s*$/,
          insert: `\n## The recipe's probe grant\n\n\`grant_type=${GRANT_TYPE}\` is always refused with \`invalid_grant\`.\n`,
        },
      ],
    },
  ],
  specs: [
    'libs/domain/src/oauth/grant-types.spec.ts',
    'libs/identity/src/grants',
    'libs/feature-auth/src/discovery',
    'libs/feature-auth/src/token-endpoint',
    'libs/feature-auth/src/keys/discovery-and-keys.int-spec.ts',
  ],
};
