import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IHTTPIngressPath } from 'kubernetes-models/networking.k8s.io/v1/HTTPIngressPath';
import type { IIngressBackend } from 'kubernetes-models/networking.k8s.io/v1/IngressBackend';

// Which backend an Ingress sends a request path to, by the networking.k8s.io/v1 rules:
// `Exact` matches the whole path; `Prefix` matches whole path elements (`/oauth` matches
// `/oauth` and `/oauth/token`, not `/oauthx`); the longest matching path wins, Exact before
// Prefix on a tie. Host rules are not distinguished: the base declares none.

interface Candidate {
  length: number;
  exact: boolean;
  entry: IHTTPIngressPath;
}

function prefixMatches(prefix: string, path: string): boolean {
  const trimmed = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  if (trimmed === '/') return true;
  return path === trimmed || path.startsWith(`${trimmed}/`);
}

/** The path rule that wins `path`, if any (the default backend is not a path rule). */
export function winningIngressPath(ingress: IIngress, path: string): IHTTPIngressPath | undefined {
  const candidates: Candidate[] = [];
  for (const rule of ingress.spec?.rules ?? []) {
    for (const entry of rule.http?.paths ?? []) {
      const declared = entry.path ?? '/';
      const exact = entry.pathType === 'Exact';
      const matches = exact ? declared === path : prefixMatches(declared, path);
      if (matches) candidates.push({ length: declared.length, exact, entry });
    }
  }
  candidates.sort((a, b) => b.length - a.length || Number(b.exact) - Number(a.exact));
  return candidates[0]?.entry;
}

export function routeIngressPath(ingress: IIngress, path: string): IIngressBackend | undefined {
  return winningIngressPath(ingress, path)?.backend ?? ingress.spec?.defaultBackend;
}

export function ingressPathRules(ingress: IIngress): IHTTPIngressPath[] {
  return (ingress.spec?.rules ?? []).flatMap((rule) => rule.http?.paths ?? []);
}

export function ingressBackends(ingress: IIngress): IIngressBackend[] {
  const fromRules = ingressPathRules(ingress).map((entry) => entry.backend);
  return ingress.spec?.defaultBackend ? [ingress.spec.defaultBackend, ...fromRules] : fromRules;
}
