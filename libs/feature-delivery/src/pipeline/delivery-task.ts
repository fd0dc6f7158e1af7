/** One attempt the dispatcher will make. */
export interface DeliveryTask {
  deliveryId: string;
  webhookId: string;
  eventId: string;
  payload: Record<string, unknown>;
  /** Attempts made before this one. */
  attempts: number;
  /** The delivery's lease (`next_attempt_at`) this process holds. */
  lease: Date;
  /** When the repo event happened (epoch ms), for first attempts: the event-to-delivery metric. */
  eventTime?: number;
}

/** Attempts of one webhook for one repository keep their order (issue 7 item 6). */
export function laneOf(task: Pick<DeliveryTask, 'webhookId' | 'payload'>): string {
  const repo = task.payload.repo as { id?: unknown } | undefined;
  return `${task.webhookId}:${typeof repo?.id === 'string' ? repo.id : ''}`;
}
