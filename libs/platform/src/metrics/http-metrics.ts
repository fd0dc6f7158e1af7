import { Histogram, Registry } from 'prom-client';

export interface HttpObservation {
  method: string;
  route: string;
  status: number;
  durationSeconds: number;
}

const HTTP_DURATION_METRIC = 'http_request_duration_seconds';

/** The request duration histogram every service exposes, labelled by method, route pattern and status. */
export class HttpMetrics {
  private readonly duration: Histogram<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    this.duration = new Histogram({
      name: HTTP_DURATION_METRIC,
      help: 'Duration of HTTP requests in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
  }

  observe({ method, route, status, durationSeconds }: HttpObservation): void {
    this.duration.observe({ method, route, status: String(status) }, durationSeconds);
  }
}
