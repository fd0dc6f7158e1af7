import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import type { IIngressBackend } from 'kubernetes-models/networking.k8s.io/v1/IngressBackend';

// Which backend an Ingress sends a request path to, by the networking.k8s.io/v1 rules:
// `Exact` matches the whole path; `Prefix` matches whole path elements (`/oauth` matches
// `/oauth` and `/oauth/token`, not `/oauthx`); the longest matching path wins, Exact before
// Prefix on a tie. Host rules are not distinguished: the base declares none.

interface Candidate {
  length: number;
  exact: boolean;
  backend: IIngressBackend;
}

function prefixMatches(prefix: string, path: string): boolean {
  const trimmed = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  if (trimmed === '/') return true;
  return path === trimmed || path.startsWith(`${trimmed}/`);
}

export function routeIngressPath(ingress: IIngress, path: string): IIngressBackend | undefined {
  const candidates: Candidate[] = [];
  for (const rule of ingress.spec?.rules ?? []) {
    for (const rulePath of rule.http?.paths ?? []) {
      const declared = rulePath.path ?? '/';
      const exact = rulePath.pathType === 'Exact';
      const matches = exact ? declared === path : prefixMatches(declared, path);
      if (matches) candidates.push({ length: declared.length, exact, backend: rulePath.backend });
    }
  }
  candidates.sort((a, b) => b.length - a.length || Number(b.exact) - Number(a.exact));
  return candidates[0]?.backend ?? ingress.spec?.defaultBackend;
}

export function ingressBackends(ingress: IIngress): IIngressBackend[] {
  const fromRules = (ingress.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((p) => p.backend));
  return ingress.spec?.defaultBackend ? [ingress.spec.defaultBackend, ...fromRules] : fromRules;
}
