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

describe('the route label of a request', () => {
  it('keeps API and socket patterns, and counts every file of the web app as one route', async () => {
    const metrics = new MetricsService({ metricsPort: 0 } as AppConfig);
    for (const route of ['/remotes/mfe-admin/1540.84618e43af.js', '/main.4df9eedae2.js', '/remotes.json'])
      metrics.observeRequest('GET', route, 200, 0.001);
    metrics.observeRequest('GET', '/api/leaves/:id', 200, 0.001);
    metrics.observeRequest('GET', '/*', 200, 0.001);
    const { body } = await metrics.text();
    expect(body).toContain('http_request_duration_seconds_count{method="GET",route="static",status="200"} 3');
    expect(body).toContain('route="/api/leaves/:id"');
    expect(body).toContain('route="/*"');
    expect(body).not.toContain('1540.84618e43af.js');
  });
});
