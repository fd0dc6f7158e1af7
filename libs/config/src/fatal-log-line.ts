/**
 * A fatal log line in the shape of every other line a service writes (`createLogger` in
 * libs/platform: level name, ISO 8601 time, service, pid, msg), for the failures that happen
 * before a logger exists or after it can no longer be trusted: bad configuration, a failed start.
 */
export function fatalLogLine(
  msg: string,
  fields: { service?: string } & Record<string, unknown> = {},
  now = new Date(),
): string {
  const { service, ...rest } = fields;
  const line = {
    level: 'fatal',
    time: now.toISOString(),
    ...(service ? { service } : {}),
    pid: process.pid,
    ...rest,
    msg,
  };
  return `${JSON.stringify(line)}\n`;
}
