import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  badRequestFromIssues,
  checkFineGrainedRequest,
  type Clock,
  type FineGrainedGrant,
  jobTokenGrantRequest,
  jobTokenName,
  type JobTokenRequest,
  jobTokenRequestSchema,
  maskedTokenPreview,
  type MintedJobToken,
  repositoryEntityId,
  tokenPrefix,
} from '@gatehouse/domain';
import {
  AccountReader,
  type PersonalTokenRecord,
  RandomSource,
  tokenIssuedMessage,
  TransactionRunner,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { AUDIT_ACTIONS } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import { OrganizationDirectory } from '../organizations/ports/organization-directory';
import { JobTokenStore } from './ports/job-token.store';

/** The token.issued event's client and grant type for Job tokens (no OAuth app issues them). */
const JOB_TOKEN_CLIENT_ID = 'gatehouse-job-webhook';
const JOB_TOKEN_GRANT_TYPE = 'job_webhook';

/**
 * Mints the token a Job webhook asks for at launch (docs/architecture.md "Job tokens",
 * `POST /internal/job-tokens`): a fine-grained personal token of the webhook's owner whose one
 * scoped entry is the event's repository (`repo.content.read` and `repo.access.read`, plus
 * `repo.write` for `write`), expiring after `ttlSeconds`. The token, its token.issued event and,
 * when the repository's owner is an organization, its `job.token.issued` entry in that
 * organization's audit log commit together, or none of them. The value is answered once and
 * stored only as its hash; an owner who is gone or disabled gets no token (404).
 */
@Injectable()
export class JobTokenService {
  constructor(
    private readonly accounts: AccountReader,
    private readonly directory: OrganizationDirectory,
    private readonly store: JobTokenStore,
    private readonly random: RandomSource,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `input` is checked here, whoever calls: the controller passes the body as it came. */
  async mint(input: unknown): Promise<MintedJobToken> {
    const parsed = jobTokenRequestSchema.safeParse(input);
    if (!parsed.success) throw badRequestFromIssues(parsed.error.issues);
    const request = parsed.data;
    const user = await this.accounts.findUser(request.userId);
    if (!user || user.disabledAt)
      throw ApiError.notFound('The webhook owner is not an active user');
    const ownerName = request.repo.name.split('/')[0]!;
    const org = await this.directory.findOrganizationByName(ownerName);
    const grant = grantOf(request);

    const now = this.clock.now();
    const token = this.random.token(tokenPrefix('personal'));
    const expiresAt = new Date(now + request.ttlSeconds * 1000);
    const row: PersonalTokenRecord = {
      id: this.random.id(now),
      tokenHash: hashToken(token),
      userId: user.id,
      name: jobTokenName(request.webhookId, request.deliveryId),
      role: 'fineGrained',
      fineGrained: grant,
      expiresAt,
      preview: maskedTokenPreview(token),
      lastUsedAt: null,
      lastUsedAddress: null,
      lastUsedClient: null,
      createdAt: new Date(now),
      revokedAt: null,
    };
    const permissions = grant.scoped[0]!.permissions;
    await this.transactions.run(async (tx) => {
      await this.store.insert(
        tx,
        row,
        tokenIssuedMessage({
          tokenId: row.id,
          kind: 'access',
          userId: user.id,
          clientId: JOB_TOKEN_CLIENT_ID,
          grantType: JOB_TOKEN_GRANT_TYPE,
          scopes: permissions,
          organizationId: org?.id ?? null,
          familyId: null,
          issuedAt: row.createdAt,
          expiresAt,
        }),
      );
      if (org)
        await this.audit.record(tx, {
          orgId: org.id,
          action: AUDIT_ACTIONS.jobTokenIssued,
          outcome: 'success',
          actorUserId: user.id,
          subject: `${request.repo.type}/${request.repo.name}`,
          detail: {
            userId: user.id,
            username: user.username,
            webhookId: request.webhookId,
            deliveryId: request.deliveryId,
            access: request.access,
            permissions,
            expiresIn: request.ttlSeconds,
            tokenId: row.id,
          },
        });
    });
    return { token, expiresAt: expiresAt.toISOString() };
  }
}

/** The one scoped entry: the repository by name, with the stable id every token gives it. */
function grantOf(request: JobTokenRequest): FineGrainedGrant {
  const checked = checkFineGrainedRequest(jobTokenGrantRequest(request.repo, request.access));
  return {
    global: checked.global,
    canReadGatedRepos: checked.canReadGatedRepos,
    scoped: checked.scoped.map(({ entity, permissions }) => ({
      entity: { ...entity, id: repositoryEntityId(entity.type, entity.name) },
      permissions,
    })),
  };
}
