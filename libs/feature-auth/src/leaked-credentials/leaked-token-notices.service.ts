import { Inject, Injectable } from '@nestjs/common';
import { ApiError, type Clock, isObjectId } from '@gatehouse/domain';
import { actsAsUser, type Principal } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { LeakedTokenNoticeView } from '@gatehouse/settings-api';
import { LeakedTokenNoticeStore } from './ports/leaked-token-notice.store';
import type { LeakedTokenNotice } from './ports/leaked-token-records';

/** The newest notices the tokens page shows; older ones wait until these are dismissed. */
const LISTED_NOTICES = 100;

/**
 * `/api/settings/token-notices`: a user's tokens reported leaked and revoked, until dismissed.
 * Read and dismissed with the user's own credentials (a personal token or the browser session),
 * as their tokens are managed; a read token may list but not dismiss.
 */
@Injectable()
export class LeakedTokenNoticesService {
  constructor(
    private readonly notices: LeakedTokenNoticeStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: Principal): Promise<LeakedTokenNoticeView[]> {
    const notices = await this.notices.listActive(ownerOf(principal), LISTED_NOTICES);
    return notices.map(viewOf);
  }

  async dismiss(principal: Principal, id: string): Promise<void> {
    const userId = ownerOf(principal);
    // Another user's notice is "not found", never "forbidden": its existence is not disclosed.
    const dismissed =
      isObjectId(id) && (await this.notices.dismiss(userId, id, new Date(this.clock.now())));
    if (!dismissed) throw ApiError.notFound('Notice not found');
  }
}

function ownerOf(principal: Principal): string {
  if (!actsAsUser(principal) || !principal.user) {
    throw ApiError.forbidden('Token notices can only be read with a personal access token');
  }
  return principal.user.id;
}

function viewOf(notice: LeakedTokenNotice): LeakedTokenNoticeView {
  return {
    id: notice.id,
    tokenKind: notice.tokenKind,
    tokenId: notice.tokenId,
    tokenName: notice.tokenName,
    clientId: notice.clientId,
    reportedAt: notice.reportedAt.toISOString(),
    revokedAt: notice.revokedAt.toISOString(),
  };
}
