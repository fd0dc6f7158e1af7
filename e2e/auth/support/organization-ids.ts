import { ADA_READ_TOKEN } from './seed';

/** Ada's organizations by name, with their ids (the `orgIds` values), from whoami-v2. */
export async function adaOrganizationIds(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/whoami-v2`, {
    headers: { Authorization: `Bearer ${ADA_READ_TOKEN}` },
  });
  if (res.status !== 200) throw new Error(`whoami-v2 answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { orgs: Array<{ id: string; name: string }> };
  return Object.fromEntries(body.orgs.map((org) => [org.name, org.id]));
}
