/** The request body is not a webhook payload v3; the server answers 422 with this message. */
export class WebhookPayloadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookPayloadError';
  }
}
