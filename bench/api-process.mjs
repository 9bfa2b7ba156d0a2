// The built API in a process of its own, for benchmarks that must not share an event loop with their clients.
// Started by fork() with the API's environment (DATABASE_URL, JWT_SECRET, REDIS_URL, LOGIN_LIMIT_PER_IP, ...);
// BENCH_SEED=1 fills an empty database with the demo school. Sends { url } once listening; on 'lag' sends the
// event-loop delay seen since the previous 'lag' (or the start) and starts afresh; on 'stop' closes the app and exits
// (so that --cpu-prof gets written).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

// API_DIST: another build of the API (e.g. a copy of api/dist from before a change, with NODE_PATH to node_modules).
const dist = process.env.API_DIST ?? join(import.meta.dirname, '..', 'api', 'dist');
const require = createRequire(join(dist, 'main.js'));
const { loadConfig } = require(join(dist, 'config/app-config.js'));
const { createApp } = require(join(dist, 'create-app.js'));
const { seedDemo } = require(join(dist, 'database/seed/demo-seed.js'));
const { DataSource } = require('typeorm');

const app = await createApp(loadConfig({ LOG_LEVEL: 'error', ...process.env }));
if (process.env.BENCH_SEED === '1') await seedDemo(app.get(DataSource));
// BENCH_API_PORT: a fixed port (default: any free one).
await app.listen({ port: Number(process.env.BENCH_API_PORT ?? 0), host: '127.0.0.1' });
// 1 ms sampling: the figure is how late a 1 ms timer fires, i.e. how long a request could wait for the loop.
const lag = monitorEventLoopDelay({ resolution: 1 });
lag.enable();
const ms = (ns) => Math.round(ns / 1e4) / 100;
process.on('message', async (m) => {
  if (m === 'lag') {
    process.send({
      lag: { p50: ms(lag.percentile(50)), p99: ms(lag.percentile(99)), max: ms(lag.max), mean: ms(lag.mean) },
    });
    lag.reset();
  }
  if (m === 'stop') {
    await app.close();
    process.exit(0);
  }
});
// The parent going away (crash, Ctrl-C) must not leave an API listening.
process.on('disconnect', () => process.exit(0));
process.send({ url: await app.getUrl() });
