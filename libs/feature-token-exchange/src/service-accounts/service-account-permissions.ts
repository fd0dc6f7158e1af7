import {
  ApiError,
  checkFineGrainedRequest,
  type FineGrainedGrant,
  type FineGrainedRequest,
  repositoryEntityId,
} from '@gatehouse/domain';

/**
 * The grant of a service account's token: the domain's fine-grained check, then every entry kept
 * inside the organization that owns the account, its entry on the organization itself or on
 * repositories named `<organization>/<name>`. A service account has no account of its own, so no
 * `global` permission; its membership role caps the rest, as it does a member's token.
 */
export function serviceAccountGrant(
  request: FineGrainedRequest,
  org: { id: string; name: string },
): FineGrainedGrant {
  const checked = checkFineGrainedRequest(request);
  if (checked.global.length > 0)
    throw ApiError.badRequest(
      `A service account has no account of its own: give permissions on ${org.name} or its repositories`,
      'fineGrained.global',
    );
  const orgName = org.name.toLowerCase();
  return {
    global: [],
    canReadGatedRepos: checked.canReadGatedRepos,
    scoped: checked.scoped.map(({ entity, permissions }, index) => {
      const field = `fineGrained.scoped.${index}.entity.name`;
      if (entity.type === 'org') {
        if (entity.name.toLowerCase() !== orgName)
          throw ApiError.badRequest(
            `A service account of ${org.name} acts in ${org.name} only, not in ${entity.name}`,
            field,
          );
        return { entity: { type: 'org', id: org.id, name: org.name }, permissions };
      }
      if (entity.type === 'user')
        throw ApiError.badRequest('A service account token takes no user entry', field);
      if (entity.name.split('/')[0]!.toLowerCase() !== orgName)
        throw ApiError.badRequest(
          `A service account of ${org.name} reaches its repositories only, not ${entity.name}`,
          field,
        );
      return {
        entity: {
          type: entity.type,
          id: repositoryEntityId(entity.type, entity.name),
          name: entity.name,
        },
        permissions,
      };
    }),
  };
}
