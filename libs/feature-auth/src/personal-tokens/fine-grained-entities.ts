import {
  ApiError,
  type CheckedFineGrainedRequest,
  type FineGrainedGrant,
  type OrgMembership,
  REPO_ENTITY_TYPES,
  repositoryEntityId,
} from '@gatehouse/domain';

/**
 * Names a checked grant's entities by id: the owner's own `user` entry, organizations the owner
 * belongs to, repositories by a stable id of their type and name (repositories live in the
 * platform's repo services; the policy matches them by `<type>/<owner>/<name>`). Naming another
 * user or an organization the owner is not in is a 400.
 */
export function resolveFineGrainedEntities(
  request: CheckedFineGrainedRequest,
  owner: { id: string; username: string; memberships: readonly OrgMembership[] },
): FineGrainedGrant {
  return {
    global: request.global,
    canReadGatedRepos: request.canReadGatedRepos,
    scoped: request.scoped.map(({ entity, permissions }, index) => {
      const field = `fineGrained.scoped.${index}.entity.name`;
      if (entity.type === 'user') {
        if (entity.name.toLowerCase() !== owner.username.toLowerCase())
          throw ApiError.badRequest(
            `A token can only be given permissions on your own account, not on user ${entity.name}`,
            field,
          );
        return { entity: { type: 'user', id: owner.id, name: owner.username }, permissions };
      }
      if (entity.type === 'org') {
        const org = owner.memberships.find(
          (membership) => membership.name.toLowerCase() === entity.name.toLowerCase(),
        );
        if (!org)
          throw ApiError.badRequest(`You are not a member of organization ${entity.name}`, field);
        return { entity: { type: 'org', id: org.id, name: org.name }, permissions };
      }
      if (!REPO_ENTITY_TYPES.includes(entity.type))
        throw ApiError.badRequest(`Unknown entity type '${entity.type}'`, field);
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
