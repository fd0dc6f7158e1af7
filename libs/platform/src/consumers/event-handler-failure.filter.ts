import { Catch, type RpcExceptionFilter } from '@nestjs/common';
import { type Observable, throwError } from 'rxjs';

/**
 * The one exception filter of the event consumers: it hands a handler's error on as it was
 * thrown, so the bus sees it (EventBusTransport). Nest's default would log it and put a generic
 * `{ status: 'error' }` in its place, and the dead letter would lose the error's name and message;
 * the bus logs each failed attempt itself.
 */
@Catch()
export class EventHandlerFailureFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}
