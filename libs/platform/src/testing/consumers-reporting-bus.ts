import type { ConsumerStatus, EventBus } from '@gatehouse/messaging';

/** An EventBus that only reports consumers (as `statuses()` returns them) and answers ping, or not. */
export function consumersReportingBus(
  statuses: () => ConsumerStatus[],
  options: { brokerAnswers?: boolean } = {},
): EventBus {
  return {
    consumers: statuses,
    ping: async () => {
      if (options.brokerAnswers === false) throw new Error('Kafka did not answer within 5000 ms');
    },
    publish: async () => undefined,
    subscribe: async () => ({ close: async () => undefined }),
    ensureTopics: async () => undefined,
    close: async () => undefined,
  };
}
