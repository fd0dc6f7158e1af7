import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The Kubernetes API permissions the delivery worker's Job launcher needs, read from the
// @kubernetes/client-node calls it makes, so its Role grants exactly those and no more.

export interface KubernetesPermission {
  /** '' for the core group. */
  readonly apiGroup: string;
  readonly resource: string;
  readonly verb: string;
}

export const JOB_LAUNCHER_API_SOURCE =
  'libs/feature-delivery/src/jobs/infrastructure/client-node-kubernetes-jobs-api.ts';

/** client-node method verbs (`createNamespacedJob`) and the RBAC verb each one needs. */
const VERBS: Readonly<Record<string, string>> = {
  create: 'create',
  read: 'get',
  list: 'list',
  patch: 'patch',
  replace: 'update',
  delete: 'delete',
  deleteCollection: 'deletecollection',
};

/** client-node kinds (`...NamespacedPodLog`) and their RBAC group and resource. */
const RESOURCES: Readonly<Record<string, { apiGroup: string; resource: string }>> = {
  Job: { apiGroup: 'batch', resource: 'jobs' },
  JobStatus: { apiGroup: 'batch', resource: 'jobs/status' },
  Secret: { apiGroup: '', resource: 'secrets' },
  ConfigMap: { apiGroup: '', resource: 'configmaps' },
  Pod: { apiGroup: '', resource: 'pods' },
  PodLog: { apiGroup: '', resource: 'pods/log' },
};

/** The permissions behind every `<verb>Namespaced<Kind>(` call in a source text. */
export function permissionsOfCalls(sourceText: string, file: string): KubernetesPermission[] {
  const found = new Map<string, KubernetesPermission>();
  for (const [, method, kind] of sourceText.matchAll(
    /\.([a-z][A-Za-z]*)Namespaced([A-Z][A-Za-z]*)\(/g,
  )) {
    const verb = VERBS[method];
    const resource = RESOURCES[kind];
    if (!verb || !resource)
      throw new Error(
        `${file}: ${method}Namespaced${kind} needs a permission the manifest checks do not know`,
      );
    found.set(`${resource.apiGroup}/${resource.resource}/${verb}`, { ...resource, verb });
  }
  if (found.size === 0)
    throw new Error(
      `${file}: no Kubernetes API call found; the launcher moved or the checks are reading the wrong file`,
    );
  return [...found.values()];
}

export function jobLauncherPermissions(root: string): KubernetesPermission[] {
  return permissionsOfCalls(
    readFileSync(join(root, JOB_LAUNCHER_API_SOURCE), 'utf8'),
    JOB_LAUNCHER_API_SOURCE,
  );
}
