import { PERMISSION_DEFINITIONS } from '../libs/domain/src/oauth/token-permissions';
import { groupsFor } from '../apps/web/src/pages/token-permissions';

// The settings app may import no domain code (docs/architecture.md "Settings in the browser"), so
// it keeps the permissions' plain labels itself; this holds its list to the domain's table.
describe('the token form’s permissions', () => {
  it.each(['user', 'org', 'model', 'dataset', 'space'] as const)(
    'are the permission table’s on a %s entry, neither more nor fewer',
    (type) => {
      const shown = groupsFor(type).flatMap((group) => group.permissions.map((p) => p.name));
      const table = PERMISSION_DEFINITIONS.filter((p) =>
        (p.entityTypes as readonly string[]).includes(type),
      ).map((p) => p.name);
      expect([...shown].sort()).toEqual([...table].sort());
    },
  );
});
