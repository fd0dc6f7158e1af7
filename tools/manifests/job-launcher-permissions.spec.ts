import { join } from 'node:path';
import { jobLauncherPermissions, permissionsOfCalls } from './job-launcher-permissions';

describe('the Job launcher permissions', () => {
  it('are what client-node-kubernetes-jobs-api.ts calls: create and delete Jobs, create Secrets', () => {
    expect(jobLauncherPermissions(join(__dirname, '..', '..'))).toEqual([
      { apiGroup: 'batch', resource: 'jobs', verb: 'create' },
      { apiGroup: '', resource: 'secrets', verb: 'create' },
      { apiGroup: 'batch', resource: 'jobs', verb: 'delete' },
    ]);
  });

  it('map reads and logs to get, once per permission', () => {
    const source =
      'core.readNamespacedPod(a); core.readNamespacedPodLog(b); core.readNamespacedPod(c); batch.listNamespacedJob(d);';

    expect(permissionsOfCalls(source, 'launcher.ts')).toEqual([
      { apiGroup: '', resource: 'pods', verb: 'get' },
      { apiGroup: '', resource: 'pods/log', verb: 'get' },
      { apiGroup: 'batch', resource: 'jobs', verb: 'list' },
    ]);
  });

  it('refuse a call they cannot map, and a file without calls', () => {
    expect(() => permissionsOfCalls('rbac.createNamespacedRoleBinding(x)', 'launcher.ts')).toThrow(
      'launcher.ts: createNamespacedRoleBinding needs a permission the manifest checks do not know',
    );
    expect(() => permissionsOfCalls('export {}', 'launcher.ts')).toThrow(
      'launcher.ts: no Kubernetes API call found; the launcher moved or the checks are reading the wrong file',
    );
  });
});
