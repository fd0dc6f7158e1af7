import { LogEntry, logLevel } from 'kafkajs';
import { MessagingLogger } from '../../messaging-logger';

/** Routes kafkajs's own log lines into the app's logger. */
export function kafkaLogCreator(logger: MessagingLogger) {
  return () =>
    ({ namespace, level, log }: LogEntry): void => {
      const { message, ...details } = log;
      const entry = { kafkajs: namespace, ...details };
      if (level === logLevel.ERROR) logger.error(entry, message);
      else if (level === logLevel.WARN) logger.warn(entry, message);
      else logger.info(entry, message);
    };
}
