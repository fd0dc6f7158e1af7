/** One attempt the dispatcher will make. */
export interface DeliveryTask {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  /** The delivery's lease (`next_attempt_at`) this process holds; LeaseRenewer moves it on. */
  lease: Date;
  /** Lease values asked for before the current one, newest first (a renewal whose answer was lost may have applied). */
  formerLeases?: Date[];
  /** The body as sent, when the payload was built here (not read back from `jsonb`, whose key order differs). */
  body?: string;
  /** When the repo event happened (epoch ms), for first attempts: the event-to-delivery metric. */
  eventTime?: number;
  /** The trace context (`traceparent`, `tracestate`) of the repo event's intake, when it was traced: attempts join its trace. */
  trace?: Record<string, string>;
  /** The attempt whose row was written with the delivery's own insert (a first attempt started at once): it needs no begin. */
  begun?: { attemptId: string; attemptNo: number };
}

/** Attempts of one webhook for one repository keep their order. */
export function laneOf(task: Pick<DeliveryTask, 'webhookId' | 'payload'>): string {
  const repo = task.payload.repo as { id?: unknown } | undefined;
  return `${task.webhookId}:${typeof repo?.id === 'string' ? repo.id : ''}`;
}

/** Lease values older than these few renewals cannot still be the row's. */
const KEPT_FORMER_LEASES = 4;

/** Every lease value this process may hold the delivery under. */
export function leasesOf(task: Pick<DeliveryTask, 'lease' | 'formerLeases'>): Date[] {
  return [task.lease, ...(task.formerLeases ?? [])];
}

/** Notes a lease value asked for (before the store answers), so an attempt recorded meanwhile still matches. */
export function noteLeaseAsked(task: DeliveryTask, asked: Date): void {
  task.formerLeases = [asked, ...(task.formerLeases ?? [])].slice(0, KEPT_FORMER_LEASES);
}

/** The store confirmed the renewal to `until`: it is the lease now, the previous one is kept as former. */
export function leaseRenewed(task: DeliveryTask, until: Date): void {
  const former = (task.formerLeases ?? []).filter((lease) => lease.getTime() !== until.getTime());
  task.formerLeases = [task.lease, ...former].slice(0, KEPT_FORMER_LEASES);
  task.lease = until;
}
