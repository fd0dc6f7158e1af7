import { LogEntry, logLevel } from 'kafkajs';
import { MessagingLogger } from '../../messaging-logger';

/**
 * Routes kafkajs's own log lines into the app's logger. kafkajs's connection layer logs every
 * error response at ERROR, also the ones it then retries (a coordinator still loading, a leader
 * moving); those become warnings here, since a real failure reaches the caller as a thrown error.
 */
export function kafkaLogCreator(logger: MessagingLogger) {
  return () =>
    ({ namespace, level, log }: LogEntry): void => {
      const { message, ...details } = log;
      const entry = { kafkajs: namespace, ...details };
      if (level === logLevel.ERROR && namespace !== 'Connection') logger.error(entry, message);
      else if (level <= logLevel.WARN) logger.warn(entry, message);
      else logger.info(entry, message);
    };
}
