import type { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

describe('MetricsService.text', () => {
  it('leaves out a gauge whose reader fails and still answers every other metric', async () => {
    const metrics = new MetricsService({ metricsPort: 0 } as AppConfig);
    metrics.gauge('bench_ok_gauge', 'answers', () => 3);
    metrics.gauge('bench_failing_gauge', 'fails', () => Promise.reject(new Error('no database connection')));
    metrics.gauge('bench_labelled_gauge', 'answers per label', () => ({ pending: 2, failed: 1 }), 'status');
    metrics.observeRequest('GET', '/api/health', 200, 0.002);

    const { contentType, body } = await metrics.text();

    expect(contentType).toContain('text/plain');
    expect(body).toContain('\nbench_ok_gauge 3\n');
    expect(body).toContain('bench_labelled_gauge{status="pending"} 2');
    expect(body).toContain('bench_labelled_gauge{status="failed"} 1');
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="/api/health",status="200"} 1');
    expect(body).toMatch(/\nprocess_resident_memory_bytes \d+/);
    expect(body).not.toContain('bench_failing_gauge');
    expect(body.endsWith('\n')).toBe(true);
  });
});
