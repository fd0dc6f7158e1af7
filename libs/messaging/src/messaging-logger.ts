/** The slice of a pino logger the messaging adapters write to. */
export interface MessagingLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Used when an app passes no logger: problems still reach stderr, one JSON line each. */
export const stderrMessagingLogger: MessagingLogger = {
  info: () => undefined,
  warn: (details, message) =>
    process.stderr.write(`${JSON.stringify({ level: 'warn', msg: message, ...details })}\n`),
  error: (details, message) =>
    process.stderr.write(`${JSON.stringify({ level: 'error', msg: message, ...details })}\n`),
};
