import type { DeliveryErrorKind } from '@gatehouse/domain';

export interface HttpDeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type HttpDeliveryResult =
  | { kind: 'response'; status: number; retryAfter: string | null; excerpt: string | null }
  | {
      kind: 'failed';
      error: DeliveryErrorKind;
      message: string;
      /** For the log only. */ detail?: string;
    };

/** POSTs one delivery attempt (libs/feature-delivery/README.md). */
export abstract class HttpDeliverySender {
  abstract post(request: HttpDeliveryRequest): Promise<HttpDeliveryResult>;
  abstract close(): Promise<void>;
}
