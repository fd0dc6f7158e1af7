/** The Gatehouse base URL: the option, else `GATEHOUSE_ENDPOINT`; trailing slashes dropped. */
export function resolveEndpoint(
  endpoint: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const value = endpoint || env.GATEHOUSE_ENDPOINT;
  if (!value)
    throw new TypeError('No Gatehouse endpoint: pass `endpoint` or set GATEHOUSE_ENDPOINT.');
  if (!URL.canParse(value))
    throw new TypeError(`The Gatehouse endpoint is not a URL: ${JSON.stringify(value)}.`);
  return value.replace(/\/+$/, '');
}
