import { LoggerService } from '@nestjs/common';
import { Logger } from 'pino';

/** Nest's start-up chatter (module loading, route mapping): useful only when debugging. */
const BOOT_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

type PinoMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** Routes Nest's own log calls into the service's pino logger, so they are JSON lines too. */
export class NestJsonLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    const context = contextOf(optionalParams);
    this.write(context && BOOT_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    // Nest calls error(message, stack?, context?): a lone string argument is a stack if it looks like one.
    const [first] = optionalParams;
    const lone = optionalParams.length === 1 && typeof first === 'string';
    const stack = lone
      ? looksLikeStack(first)
        ? first
        : undefined
      : typeof first === 'string'
        ? first
        : undefined;
    const context = lone
      ? stack
        ? undefined
        : first
      : optionalParams.length > 1
        ? contextOf(optionalParams)
        : undefined;
    if (message instanceof Error) {
      this.logger.error({ err: message, context }, message.message);
      return;
    }
    this.logger.error({ context, stack }, stringify(message));
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.write('warn', message, contextOf(optionalParams));
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.write('debug', message, contextOf(optionalParams));
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.write('trace', message, contextOf(optionalParams));
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.write('fatal', message, contextOf(optionalParams));
  }

  private write(method: PinoMethod, message: unknown, context: string | undefined): void {
    if (message instanceof Error) {
      this.logger[method]({ err: message, context }, message.message);
    } else if (typeof message === 'object' && message !== null) {
      this.logger[method]({ ...message, context });
    } else {
      this.logger[method]({ context }, stringify(message));
    }
  }
}

function contextOf(params: unknown[]): string | undefined {
  const last = params[params.length - 1];
  return typeof last === 'string' ? last : undefined;
}

function looksLikeStack(value: string): boolean {
  return /\n\s+at /.test(value);
}

function stringify(message: unknown): string {
  return typeof message === 'string' ? message : String(message);
}
