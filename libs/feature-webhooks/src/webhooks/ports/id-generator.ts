/** New 24-hex ids (webhooks, replayed deliveries). */
export abstract class IdGenerator {
  abstract newId(): string;
}
