import type { DeliveryErrorKind } from '@gatehouse/domain';

export interface HttpDeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type HttpDeliveryResult =
  | { kind: 'response'; status: number; retryAfter: string | null; excerpt: string | null }
  | { kind: 'failed'; error: DeliveryErrorKind; message: string; /** For the log only. */ detail?: string };

/** POSTs one delivery attempt (issue 7 item 3). */
export abstract class HttpDeliverySender {
  abstract post(request: HttpDeliveryRequest): Promise<HttpDeliveryResult>;
  abstract close(): Promise<void>;
}
