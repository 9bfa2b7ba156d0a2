// One chat message to a group of 1,000 and 3,000 connected members: the delay until the LAST member has it, and loss.
// First a bare socket.io server (no Nest, no database: the floor set by socket.io, the kernel and the clients on this
// machine), then one API instance, then two sharing the socket.io Redis adapter (sockets split across both, the
// sender on the first). Prints figures; asserts nothing.
// Usage: node bench/chat-fanout.mjs   (MariaDB at 127.0.0.1:3306, Redis at 127.0.0.1:6379)
//   SIZES=1000,3000  MESSAGES=20  WARMUP=5  GAP_MS=300  WORKERS=2  TOPOLOGIES=bare,one,two (also: one-redis)  MYSQL_URL  REDIS_URL
//   API_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes node flags to the API processes; VERBOSE=1 prints each delay.
// Member sockets live in WORKERS child processes, the API in its own; all report times as
// performance.timeOrigin + performance.now() (the system clock with sub-millisecond resolution, shared by processes).
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchSession, nextMessage as once, now, stopChild } from './lib.mjs';

// API_DIST: another build of the API (e.g. a copy of api/dist from before a change, with NODE_PATH to node_modules).
const dist = process.env.API_DIST ?? join(import.meta.dirname, '..', 'api', 'dist');
const require = createRequire(join(dist, 'main.js'));

if (process.argv[2] === 'worker') worker();
else if (process.argv[2] === 'bare') bareServer();
else await main();

/** The baseline: socket.io alone, one room of every socket, a POST that emits a message of the API's shape to it. */
function bareServer() {
  const { Server } = require('socket.io');
  const server = require('node:http').createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { content, conversationId } = JSON.parse(body);
      const id = randomUUID();
      io.to('all').emit('newMessage', {
        _id: id,
        conversationType: 'group',
        conversationId,
        senderId: id,
        sender: { _id: id, fullName: 'Dr. Helen Carter', role: 'mentor' },
        content,
        attachment: null,
        createdAt: new Date().toISOString(),
      });
      res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const io = new Server(server, { path: '/socket.io', maxHttpBufferSize: 64 * 1024 });
  io.on('connection', (socket) => socket.join('all'));
  server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}` }));
  process.on('message', (m) => {
    if (m === 'stop') process.exit(0);
  });
  process.on('disconnect', () => process.exit(0));
}

/** Holds a share of the member sockets; counts each message once per socket and keeps the latest arrival. */
function worker() {
  const { io } = require('socket.io-client');
  const sockets = [];
  const got = new Map(); // seq -> { n, last }
  let expected = 0;
  let dropped = 0;
  let dup = 0;
  process.on('message', async (m) => {
    if (m.cmd === 'connect') {
      let next = 0;
      let failed = 0;
      // 50 handshakes at a time per worker: a burst of 3,000 at once measures the connect storm, not the fan-out.
      await Promise.all(
        Array.from({ length: 50 }, async () => {
          while (next < m.sockets.length) {
            const { url, token } = m.sockets[next++];
            const s = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, reconnection: false });
            const seen = new Set();
            s.on('newMessage', (msg) => {
              const t = now();
              const seq = Number(msg.content.split(' ')[1]);
              if (seen.has(seq)) return void dup++;
              seen.add(seq);
              const g = got.get(seq) ?? { n: 0, last: 0 };
              g.n++;
              g.last = Math.max(g.last, t);
              got.set(seq, g);
              if (g.n === expected) process.send({ done: seq });
            });
            s.on('disconnect', (reason) => {
              if (reason !== 'io client disconnect') dropped++;
            });
            const ok = await new Promise((resolve) => {
              s.once('connect', () => resolve(true));
              s.once('connect_error', () => resolve(false));
            });
            if (ok) sockets.push(s);
            else failed++;
          }
        }),
      );
      expected = sockets.length;
      process.send({ connected: sockets.length, failed });
    }
    if (m.cmd === 'tally') process.send({ tally: [...got], dropped, dup });
    if (m.cmd === 'close') {
      sockets.forEach((s) => s.disconnect());
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

async function main() {
  const mysql = require('mysql2/promise');
  const jwt = require('jsonwebtoken');
  const { DataSource } = require('typeorm');
  const { dataSourceOptions } = require(join(dist, 'database/data-source-options.js'));
  const { bulkInsert } = require(join(dist, 'database/bulk-insert.js'));
  const { User } = require(join(dist, 'users/entities/user.entity.js'));
  const { UserSession } = require(join(dist, 'users/entities/user-session.entity.js'));
  const { MenteeProfile } = require(join(dist, 'users/entities/mentee-profile.entity.js'));
  const { Group } = require(join(dist, 'groups/entities/group.entity.js'));

  const SIZES = (process.env.SIZES ?? '1000,3000').split(',').map(Number);
  const MESSAGES = Number(process.env.MESSAGES ?? 20);
  const GAP_MS = Number(process.env.GAP_MS ?? 300);
  const WARMUP = Number(process.env.WARMUP ?? 5);
  // One client process per core: more only add context switches on the cores the API needs (see README).
  const WORKERS = Number(process.env.WORKERS ?? 2);
  const TOPOLOGIES = (process.env.TOPOLOGIES ?? 'bare,one,two').split(',');
  const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
  const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const SECRET = 'bench-secret-bench-secret-bench-secret-123';
  const API_ARGS = (process.env.API_ARGS ?? '').split(' ').filter(Boolean);

  const dbName = `portal_bench_fanout_${Date.now()}`;
  const dir = mkdtempSync(join(tmpdir(), 'bench-fanout-'));
  const children = new Set();
  const admin = await mysql.createConnection(MYSQL_URL);
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const dbUrl = `${MYSQL_URL.replace(/^mysql:/, 'mariadb:')}/${dbName}`;
  const apiEnv = {
    NODE_ENV: 'test',
    DATA_DIR: dir,
    WEB_DIR: dir,
    SEED_DEMO: 'false',
    DATABASE_URL: dbUrl,
    JWT_SECRET: SECRET,
    LOGIN_LIMIT_PER_IP: '100000',
  };

  const startApi = async (env, bare = false) => {
    const child = bare
      ? fork(import.meta.filename, ['bare'])
      : fork(join(import.meta.dirname, 'api-process.mjs'), [], {
          env: { ...process.env, ...apiEnv, ...env },
          execArgv: API_ARGS,
        });
    children.add(child);
    child.once('exit', () => children.delete(child));
    return { child, url: (await once(child, 'url')).url };
  };
  const stopApi = ({ child }) => stopChild(child);

  let ds;
  let tokens;
  let senderHeaders;
  try {
    // The first start runs the migrations and seeds the demo school; its mentor leads the benchmark groups.
    let apis = [await startApi({ BENCH_SEED: '1' })];
    let current = 'one';
    ds = await new DataSource({
      ...dataSourceOptions({ type: 'mysql', url: dbUrl }),
      migrationsRun: false,
    }).initialize();
    const mentor = await ds.getRepository(User).findOneByOrFail({ email: 'mentor@example.edu' });
    const max = Math.max(...SIZES);
    const ids = Array.from({ length: max }, () => randomUUID());
    const groups = SIZES.map((n) => ({ id: randomUUID(), size: n }));
    await ds.transaction(async (tx) => {
      await bulkInsert(
        tx,
        User,
        ids.map((id, i) => ({
          id,
          email: `fanout${i}@example.edu`,
          fullName: `Fanout Student ${i}`,
          phone: '',
          passwordHash: 'x',
          role: 'mentee',
          isActive: true,
          tokenVersion: 0,
        })),
        1000,
      );
      await bulkInsert(
        tx,
        MenteeProfile,
        ids.map((id, i) => ({
          id,
          studentId: `F-${i}`,
          className: '9',
          section: 'A',
          academicYear: '',
          dateOfBirth: null,
          address: '',
          bloodGroup: null,
          medicalConditions: '',
          hobbies: [],
          parentInfo: {},
          mentorId: mentor.id,
        })),
        1000,
      );
      await bulkInsert(
        tx,
        Group,
        groups.map((g) => ({
          id: g.id,
          name: `Fanout ${g.size}`,
          description: '',
          color: '#3B82F6',
          mentorId: mentor.id,
          archivedAt: null,
        })),
      );
      for (const g of groups)
        await bulkInsert(
          tx,
          'group_members',
          ids.slice(0, g.size).map((menteeId) => ({ groupId: g.id, menteeId })),
          1000,
        );
    });
    // Tokens as the API signs them at sign-in, each with its session.
    const sessions = ids.map((id) => benchSession(jwt, SECRET, { id, role: 'mentee', ver: 0 }, '2h'));
    tokens = sessions.map((s) => s.token);
    await ds.transaction((tx) =>
      bulkInsert(
        tx,
        UserSession,
        sessions.map(({ row: [id, userId, userAgent, address, createdAt, lastUsedAt, expiresAt] }) => ({
          id,
          userId,
          userAgent,
          address,
          createdAt,
          lastUsedAt,
          expiresAt,
        })),
        1000,
      ),
    );
    const login = await (
      await fetch(`${apis[0].url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'mentor@example.edu', password: 'Demo@2026' }),
      })
    ).json();
    senderHeaders = { 'content-type': 'application/json', authorization: `Bearer ${login.token}` };

    const results = {};
    for (const topology of TOPOLOGIES) {
      if (topology !== current) {
        for (const a of apis) await stopApi(a);
        const env = topology === 'one' || topology === 'bare' ? {} : { REDIS_URL };
        apis = [await startApi(env, topology === 'bare')];
        if (topology === 'two') apis.push(await startApi(env));
        current = topology;
      }
      for (const g of groups) results[`${topology}:${g.size}`] = await run(apis, g, topology);
    }
    for (const a of apis) await stopApi(a);

    console.log(
      `\nchat fan-out, MariaDB, ${WORKERS} client processes, ${MESSAGES} messages per run (delay = send → last member's socket)`,
    );
    for (const g of groups) {
      for (const topology of TOPOLOGIES) {
        const r = results[`${topology}:${g.size}`];
        const label = {
          bare: 'bare socket.io (baseline)',
          one: '1 instance',
          'one-redis': '1 instance + Redis adapter',
          two: '2 instances + Redis adapter',
        }[topology];
        console.log(
          `  ${String(g.size).padStart(5)} sockets, ${label.padEnd(27)} p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms; POST p50 ${r.post.toFixed(1)} ms; loss ${r.loss}/${r.expected}${r.dropped ? `, ${r.dropped} sockets dropped` : ''}${r.dup ? `, ${r.dup} duplicates` : ''}`,
        );
      }
      const one = results[`one:${g.size}`];
      const two = results[`two:${g.size}`];
      const bare = results[`bare:${g.size}`];
      if (one && bare)
        console.log(
          `  ${String(g.size).padStart(5)} sockets, one instance / bare socket.io: p50 ${(one.p50 / bare.p50).toFixed(2)}×, p95 ${(one.p95 / bare.p95).toFixed(2)}×`,
        );
      if (one && two)
        console.log(
          `  ${String(g.size).padStart(5)} sockets, two instances / one: p50 ${(two.p50 / one.p50).toFixed(2)}×, p95 ${(two.p95 / one.p95).toFixed(2)}× (goal ≤ 1.1×)`,
        );
    }
    console.log('  goals: 1,000 sockets p95 ≤ 100 ms, zero loss');
  } finally {
    for (const c of children) c.kill();
    await ds?.destroy();
    await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
  }

  /** Connects `group.size` member sockets across the instances, sends MESSAGES messages from the mentor, measures. */
  async function run(apis, group, topology) {
    const workers = Array.from({ length: WORKERS }, () => {
      const w = fork(import.meta.filename, ['worker']);
      children.add(w);
      w.once('exit', () => children.delete(w));
      return w;
    });
    const shares = workers.map(() => []);
    for (let i = 0; i < group.size; i++)
      shares[i % WORKERS].push({ url: apis[Math.floor(i / WORKERS) % apis.length].url, token: tokens[i] });
    const t0 = now();
    const conn = await Promise.all(
      workers.map((w, k) => {
        const p = once(w, 'connected');
        w.send({ cmd: 'connect', sockets: shares[k] });
        return p;
      }),
    );
    const connected = conn.reduce((s, c) => s + c.connected, 0);
    console.log(
      `${topology}, ${group.size} members: ${connected} sockets connected in ${((now() - t0) / 1000).toFixed(1)} s${connected < group.size ? ` (${group.size - connected} refused)` : ''}`,
    );
    await new Promise((r) => setTimeout(r, 1000));
    const sent = [];
    const posts = [];
    // The first messages after a connection storm are slow even on bare socket.io (JIT, heap growth in server and
    // clients): WARMUP messages go first and are not counted.
    for (let seq = 1 - WARMUP; seq <= MESSAGES; seq++) {
      const done = Promise.all(
        workers.map(
          (w, k) =>
            new Promise((resolve) => {
              if (!shares[k].length) return resolve();
              const finish = () => {
                clearTimeout(timer);
                w.off('message', onMsg);
                resolve();
              };
              const onMsg = (m) => {
                if (m.done === seq) finish();
              };
              const timer = setTimeout(finish, 10_000); // a lost message must not stop the run
              w.on('message', onMsg);
            }),
        ),
      );
      const t = now();
      const res = await fetch(`${apis[0].url}/api/messages`, {
        method: 'POST',
        headers: senderHeaders,
        body: JSON.stringify({ conversationType: 'group', conversationId: group.id, content: `fanout ${seq}` }),
      });
      posts.push(now() - t);
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      sent[seq] = t;
      await done;
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
    const tallies = await Promise.all(
      workers.map((w) => {
        const p = once(w, 'tally');
        w.send({ cmd: 'tally' });
        return p;
      }),
    );
    await Promise.all(
      workers.map((w) => {
        const p = new Promise((r) => w.once('exit', r));
        w.send({ cmd: 'close' });
        return p;
      }),
    );
    const delays = [];
    let received = 0;
    for (let seq = 1; seq <= MESSAGES; seq++) {
      let last = 0;
      for (const t of tallies) {
        const g = new Map(t.tally).get(seq);
        if (g) {
          received += g.n;
          last = Math.max(last, g.last);
        }
      }
      if (last) delays.push(last - sent[seq]);
      if (process.env.VERBOSE && last) process.stdout.write(`${(last - sent[seq]).toFixed(0)} `);
    }
    delays.sort((a, b) => a - b);
    const pct = (p) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)] ?? NaN;
    posts.splice(0, WARMUP);
    posts.sort((a, b) => a - b);
    const r = {
      p50: pct(50),
      p95: pct(95),
      max: delays.at(-1) ?? NaN,
      post: posts[Math.floor(posts.length / 2)],
      expected: group.size * MESSAGES,
      loss: group.size * MESSAGES - received,
      dropped: tallies.reduce((s, t) => s + t.dropped, 0),
      dup: tallies.reduce((s, t) => s + t.dup, 0),
    };
    console.log(
      `  last-member delay p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms; loss ${r.loss}/${r.expected}`,
    );
    return r;
  }
}
