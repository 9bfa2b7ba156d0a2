// One school day, compressed into DURATION seconds, over the scale seed (portal_scale: 20,000 students, 300 mentors),
// under open-loop load: every request and chat message starts at its scheduled time whatever the answers. Then the same
// day again on a fresh API process with READ_CACHE=off, printed side by side. Prints figures and goals; asserts nothing.
// Usage: node bench/school-day.mjs [mysql://user@host:port]   (default MYSQL_URL; seeds SCALE_DB=portal_scale if needed)
//   DURATION=600 (s per day; 60 for a quick run)  RATE=1 (multiplies every rate below)  SOCKETS=3000  CHAT_RATE=20 (msg/s)
//   CONNECT_RATE=100 (socket handshakes/s before the day)  FEED_SHARE=0.33 (sockets whose page shows an announcements feed)
//   BUFFER_POOL_MB=2048 (raises MariaDB's innodb_buffer_pool_size to this; 0: as it is)
//   LOAD_WORKERS=2  DAYS=on,off (read cache of each day)  METRICS_PORT=3352 (the API's Prometheus port; +1 for the second)
//   API_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
//   CAPACITY=1 (instead: the highest RATE whose day meets the goals, read cache on; see capacity())
//   STEP_S=60 (s per search day)  RATE_LO=0.1  RATE_HI=1 (the RATEs searched between)  STEPS=5 (search days at most)
//   CONFIRM_S=300 (s of the day that confirms it)
//   API_DIST=dir (another build of the API, e.g. main as it was, run over SCALE_DB seeded by that build's scale-seed.mjs)
// Processes: this one plans the day, restores the database and reads the API's /metrics every SAMPLE_S seconds; the API
// runs in api-process.mjs; LOAD_WORKERS load processes each fire their share of the requests and hold their share of
// the sockets. Clocks: performance.timeOrigin + performance.now() in every process (lib.mjs `now`).
//
// The day changes the database (registers saved, leaves and grievances filed and decided, announcements, messages,
// notifications, audit entries, outbox jobs...). Before each day the saved day's attendance is copied to a table of its
// own (_bench_school_day, whose comment keeps the day's start time); afterwards every row the day created or changed
// (by its time column) is deleted, the copy is put back and the grievance ticket counter set to the highest number left,
// so the day can be run again and the second day meets the same data as the first (and scale-seed.mjs still finds its
// counts). A run that was killed leaves the table behind; the next run restores from it first. Not restored:
// users.lastLogin. The API runs without its grievance escalation sweep (GRIEVANCE_SWEEP_MS=0; see runDay). Sockets
// connect before the day, CONNECT_RATE (100) a second.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import {
  benchSession,
  cpuSeconds,
  forkApi,
  insertSessions,
  machineBusySeconds,
  nextMessage,
  now,
  pct,
  serverPids,
  sleep,
  stopChild,
  threadSeconds,
} from './lib.mjs';
import { MYSQL_URL, scaleSeed } from './scale-seed.mjs';

const dist = join(import.meta.dirname, '..', 'api', 'dist');
const require = createRequire(join(dist, 'main.js'));
const SECRET = 'bench-secret-bench-secret-bench-secret-123';
const PASSWORD = 'Demo@2026';
// A load process's DURATION is its day's (runDay sets it); the conductor's functions take the day's length as an
// argument, since a capacity search runs days of two lengths.
const DURATION = Number(process.env.DURATION ?? 600);
// What is scheduled by time of day is scaled with the day: 2 minutes of a 10-minute day is its first 20 %.
const waveS = (duration) => duration * 0.2;
const WAVE_S = waveS(DURATION);

/**
 * The day's streams: requests per second over the whole day (times RATE). `who` is the caller: a mentee, a mentor, the
 * admin, or anyone (a mentee 19 times in 20). `ok`: statuses a business rule may answer (a leave overlapping one already
 * filed, a decision or a grievance step someone else took first); every other non-2xx is an error.
 */
const STREAMS = [
  { name: 'mentee dashboard', cls: 'hot read', who: 'mentee', rate: 90, path: '/api/mentees/dashboard' },
  { name: 'mentor dashboard', cls: 'hot read', who: 'mentor', rate: 20, path: '/api/mentors/dashboard' },
  { name: 'admin dashboard', cls: 'hot read', who: 'admin', rate: 2, path: '/api/admin/dashboard' },
  { name: 'unread count', cls: 'hot read', who: 'any', rate: 60, path: '/api/notifications/unread-count' },
  { name: 'announcements', cls: 'hot read', who: 'any', rate: 30, path: '/api/announcements' },
  { name: "mentee's leaves", cls: 'list', who: 'mentee', rate: 15, path: '/api/leaves/mentee' },
  { name: "mentee's grievances", cls: 'list', who: 'mentee', rate: 10, path: '/api/grievances/mentee' },
  { name: "mentor's leaves", cls: 'list', who: 'mentor', rate: 8, path: '/api/leaves/mentor' },
  { name: "mentor's grievances", cls: 'list', who: 'mentor', rate: 6, path: '/api/grievances/mentor' },
  { name: 'notifications', cls: 'list', who: 'any', rate: 15, path: '/api/notifications?limit=20' },
  { name: 'conversations', cls: 'list', who: 'any', rate: 4, path: '/api/messages/conversations' },
  { name: 'pending leaves (admin)', cls: 'list', who: 'admin', rate: 0.2, path: '/api/leaves/admin?status=pending' },
  {
    name: 'pending grievances (admin)',
    cls: 'list',
    who: 'admin',
    rate: 0.2,
    path: '/api/grievances/admin?status=pending',
  },
  { name: 'attendance day (admin)', cls: 'list', who: 'admin', rate: 0.3, path: 'day' },
  { name: 'attendance month (admin)', cls: 'list', who: 'admin', rate: 0.05, path: 'month' },
  { name: 'register saved', cls: 'write', who: 'admin', rate: 0.5, act: 'register' },
  { name: 'leave filed', cls: 'write', who: 'mentee', rate: 3, act: 'leave', ok: [409] },
  // Follow-ups: started by the answer to a filing, a few seconds of the day later (rate 0: not scheduled on their own).
  { name: 'leave decided', cls: 'write', who: 'mentor', rate: 0, ok: [409] },
  { name: 'grievance filed', cls: 'write', who: 'mentee', rate: 1.5, act: 'grievance' },
  { name: 'grievance acted on', cls: 'write', who: 'mentor', rate: 0, ok: [409] },
  { name: 'announcement posted', cls: 'write', who: 'mentor', rate: 6 / 600, act: 'announce' },
  { name: 'announcement liked', cls: 'write', who: 'any', rate: 5, act: 'like' },
  { name: 'announcement comment', cls: 'write', who: 'any', rate: 2, act: 'comment' },
  { name: 'chat message sent', cls: 'write', who: 'chat', rate: 0 },
  { name: 'sign-in', cls: 'sign-in', who: 'wave', rate: 0 },
];
const CLASSES = ['sign-in', 'hot read', 'list', 'write'];
const streamIndex = Object.fromEntries(STREAMS.map((s, i) => [s.name, i]));

// ---------------------------------------------------------------------------------------------------------------------
// The load process: its share of every stream, its share of the sockets.

function loadWorker() {
  // undici's request rather than fetch: the same connections (as many as the open loop needs, kept alive), a fraction
  // of fetch's CPU (no WHATWG streams or Response objects), which these processes share with the API on the machine.
  const { Agent, request } = require('undici');
  const agent = new Agent({ connect: { timeout: 10_000 }, keepAliveTimeout: 30_000 });
  const { io } = require('socket.io-client');
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  const exp = (rate) => -Math.log(1 - Math.random()) / rate;
  let plan;
  // Each account's session, opened before the day (the main process); the sign-in wave signs in for real.
  const auth = (u) => plan.userById[u.id]?.token ?? u.token;
  // Per stream: latencies, when each request started (s into the day), statuses.
  const results = STREAMS.map(() => ({ ms: [], at: [], statuses: {} }));
  const record = (stream, start, status) => {
    const r = results[stream];
    r.ms.push(now() - start);
    r.at.push((start - plan.t0) / 1000);
    r.statuses[status] = (r.statuses[status] ?? 0) + 1;
  };
  /** One request; resolves with the parsed answer of a 2xx (when `json`), else undefined. Never throws. */
  let inflight = 0;
  const call = async (stream, method, path, user, body, json = false) => {
    const start = now();
    inflight++;
    try {
      const res = await request(plan.url + path, {
        method,
        headers: {
          ...(user ? { authorization: auth(user) } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body && JSON.stringify(body),
        dispatcher: agent,
        signal: AbortSignal.timeout(30_000),
      });
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      const data = json && ok ? await res.body.json() : await res.body.dump({ limit: Infinity });
      record(stream, start, res.statusCode);
      return json && ok ? data : undefined;
    } catch (e) {
      record(stream, start, e.name === 'TimeoutError' ? 'timeout' : String(e.code ?? e.cause?.code ?? e.message));
      return undefined;
    } finally {
      inflight--;
    }
  };

  const futureDate = () => {
    const d = new Date(Date.now() + (7 + Math.floor(Math.random() * 120)) * 86400_000);
    return d.toISOString().slice(0, 10);
  };
  const mentorOf = (mentee) => plan.mentorById[mentee.mentorId];
  const anyone = () => (Math.random() < 0.95 ? pick(plan.mentees) : pick(plan.mentors));
  const callers = { mentee: () => pick(plan.mentees), mentor: () => pick(plan.mentors), admin: () => plan.admin };
  const at = (offsetS, fn) => {
    // A follow-up within the day only; the day's end is the end of the load.
    const due = plan.t0 + offsetS * 1000;
    if (due < plan.t0 + DURATION * 1000) setTimeout(fn, Math.max(0, due - now()));
  };
  const elapsedS = () => (now() - plan.t0) / 1000;
  const announcements = [];

  const actions = {
    register: (s) => {
      // One class (a mentor's students) for the saved day, as the register page sends it: students on approved leave
      // that day marked leave, the others mostly present.
      const cls = pick(plan.classes);
      const attendanceData = {};
      for (const id of cls) {
        const r = Math.random();
        const status = plan.onLeave.has(id) ? 'leave' : r < 0.9 ? 'present' : r < 0.95 ? 'late' : 'absent';
        attendanceData[id] = { [plan.day]: status };
      }
      return call(s, 'POST', '/api/admin/attendance', plan.admin, { date: plan.day, attendanceData });
    },
    leave: async (s) => {
      const mentee = pick(plan.mentees);
      const startDate = futureDate();
      const leave = await call(
        s,
        'POST',
        '/api/leaves',
        mentee,
        { leaveType: pick(['casual', 'emergency']), startDate, endDate: startDate, reason: 'Family matter' },
        true,
      );
      // Its mentor decides it some seconds of the day later: three in four approved.
      if (leave)
        at(elapsedS() + 2 + Math.random() * DURATION * 0.05, () => {
          const approve = Math.random() < 0.75;
          call(
            streamIndex['leave decided'],
            'PUT',
            `/api/leaves/${leave._id}/${approve ? 'approve' : 'reject'}`,
            mentorOf(mentee),
            approve ? { presentDays: 'overwrite', mentorComments: 'Approved' } : { mentorComments: 'Not this week' },
          );
        });
    },
    grievance: async (s) => {
      const mentee = pick(plan.mentees);
      const g = await call(
        s,
        'POST',
        '/api/grievances',
        mentee,
        {
          name: mentee.fullName,
          email: mentee.email,
          rollNo: mentee.studentId,
          subject: 'Projector in room 12 does not work',
          grievanceType: pick(['technical-issues', 'user-experience', 'administrative-issues', 'other']),
          dateOfIncident: plan.day,
          description: 'It has not worked since Monday; lessons there run without slides.',
        },
        true,
      );
      // Its mentor takes it up, then resolves it (or rejects it) later in the day.
      if (g) {
        const mentor = mentorOf(mentee);
        const act = streamIndex['grievance acted on'];
        const first = elapsedS() + 2 + Math.random() * DURATION * 0.05;
        at(first, async () => {
          await call(act, 'PUT', `/api/grievances/${g._id}/review`, mentor, { mentorComments: 'Looking into it' });
          at(first + 2 + Math.random() * DURATION * 0.05, () =>
            Math.random() < 0.85
              ? call(act, 'PUT', `/api/grievances/${g._id}/resolve`, mentor, { resolution: 'Repaired' })
              : call(act, 'PUT', `/api/grievances/${g._id}/reject`, mentor, { mentorComments: 'Not ours to fix' }),
          );
        });
      }
    },
    announce: async (s) => {
      const a = await call(
        s,
        'POST',
        '/api/announcements',
        pick(plan.mentors),
        { title: 'Sports day on Friday', content: 'Bring your kit; lessons end at noon.', targetAudience: 'all' },
        true,
      );
      if (a) announcements.push(a._id);
    },
    like: (s) => {
      const id = pick(announcements);
      return id && call(s, 'POST', `/api/announcements/${id}/likes`, anyone());
    },
    comment: (s) => {
      const id = pick(announcements);
      return id && call(s, 'POST', `/api/announcements/${id}/comments`, anyone(), { content: 'Thank you!' });
    },
  };
  const paths = () => ({
    day: `/api/admin/attendance?date=${plan.day}`,
    month: `/api/admin/attendance?month=${plan.month.month}&year=${plan.month.year}`,
  });

  // Sockets: connected before the day (see main); each counts the messages addressed to its user by someone else.
  const sockets = [];
  const tally = new Map(); // message key -> deliveries
  const delays = [];
  let dropped = 0;
  let failed = 0;
  let dup = 0;
  let feedEvents = 0;
  /** Resolves once the socket is connected or refused. */
  const connect = (u) => {
    const s = io(plan.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { token: auth(u).slice(7) },
      reconnection: false,
    });
    const seen = new Set();
    // A share of the pages show an announcements feed (a dashboard, the chat's announcements tab) and say so, as the
    // feed does: likes and comments reach only those.
    if (Math.random() < plan.feedShare) {
      s.once('connect', () => s.emit('watchAnnouncements'));
      s.on('announcementLikeUpdated', () => feedEvents++);
      s.on('newAnnouncementComment', () => feedEvents++);
    }
    s.on('newMessage', (msg) => {
      const t = now();
      if (msg.senderId === u.id) return;
      const [, key, sent] = msg.content.split(' ');
      if (seen.has(key)) return void dup++;
      seen.add(key);
      delays.push(t - Number(sent));
      tally.set(key, (tally.get(key) ?? 0) + 1);
    });
    const settled = new Promise((resolve) => {
      s.once('connect', () => resolve(sockets.push({ user: u.id, at: now(), s })));
      s.once('connect_error', () => resolve(failed++));
    });
    s.on('disconnect', (reason) => {
      if (reason !== 'io client disconnect') dropped++;
    });
    return settled;
  };
  const sent = [];
  let seq = 0;
  const chat = async () => {
    // Half the messages in a group (from its mentor one time in three), half between a mentor and a student.
    const key = `${plan.worker}-${seq++}`;
    let conv;
    let sender;
    let body;
    if (Math.random() < 0.5) {
      conv = pick(plan.groups);
      sender = Math.random() < 1 / 3 ? plan.mentorById[conv.mentorId] : plan.userById[pick(conv.members)];
      body = { conversationType: 'group', conversationId: conv.id };
    } else {
      conv = pick(plan.pairs);
      const fromMentor = Math.random() < 0.5;
      sender = plan.userById[fromMentor ? conv.mentorId : conv.menteeId];
      body = { conversationType: 'individual', conversationId: fromMentor ? conv.menteeId : conv.mentorId };
    }
    const t = now();
    const msg = await call(
      streamIndex['chat message sent'],
      'POST',
      '/api/messages',
      sender,
      { ...body, content: `day ${key} ${t.toFixed(1)}` },
      true,
    );
    const group = body.conversationType === 'group';
    sent.push({ key, t, group: group ? conv.id : null, pair: group ? null : conv, sender: sender.id, ok: !!msg });
  };

  process.on('message', async (m) => {
    if (m.cmd === 'plan') {
      plan = m.plan;
      plan.onLeave = new Set(plan.onLeave);
      plan.mentorById = Object.fromEntries(plan.mentors.map((u) => [u.id, u]));
      plan.userById = Object.fromEntries([...plan.mentors, ...plan.mentees].map((u) => [u.id, u]));
      announcements.push(...plan.announcements);
      process.send({ ready: true });
    }
    if (m.cmd === 'connect') {
      // Open loop too: one handshake every 1/rate s whatever the answers.
      const t0 = now();
      const settled = [];
      for (const [k, u] of plan.socketUsers.entries()) {
        const wait = t0 + (k * 1000 * plan.workers) / plan.connectRate - now();
        if (wait > 1) await sleep(wait);
        settled.push(connect(u));
      }
      await Promise.all(settled);
      process.send({ connected: sockets.length, failed });
    }
    if (m.cmd === 'start') {
      plan.t0 = m.t0;
      const W = plan.workers;
      const events = [];
      for (const [i, s] of STREAMS.entries()) {
        const rate = (s.rate * plan.rate) / W;
        if (!rate) continue;
        for (let t = exp(rate); t < DURATION; t += exp(rate)) events.push({ t, i });
      }
      const chatRate = plan.chatRate / W;
      for (let t = exp(chatRate); chatRate && t < DURATION; t += exp(chatRate)) events.push({ t, chat: true });
      // The wave: sign-ins spread evenly over its span.
      plan.signIns.forEach((u, k) => events.push({ t: (k / plan.signIns.length) * WAVE_S, signIn: u }));
      events.sort((a, b) => a.t - b.t);
      const { day, month } = paths();
      const fixed = { day, month };
      const signIn = streamIndex['sign-in'];
      for (const e of events) {
        const wait = plan.t0 + e.t * 1000 - now();
        // A late timer is caught up on: the schedule does not depend on the answers.
        if (wait > 1) await sleep(wait);
        if (e.signIn) call(signIn, 'POST', '/api/auth/login', null, { email: e.signIn.email, password: PASSWORD });
        else if (e.chat) chat();
        else {
          const s = STREAMS[e.i];
          if (s.act) actions[s.act](e.i);
          else call(e.i, 'GET', fixed[s.path] ?? s.path, s.who === 'any' ? anyone() : callers[s.who]());
        }
      }
      const end = plan.t0 + DURATION * 1000;
      if (end > now()) await sleep(end - now());
      process.send({ done: true });
    }
    if (m.cmd === 'report') {
      // Answers still on their way are waited for (each has its 30 s timeout), so slow ones are counted too; a
      // request that outlives its timeout by 10 s is left out (and said), so that one lost answer cannot hold the run.
      const giveUp = now() + 40_000;
      while (inflight > 0 && now() < giveUp) await sleep(100);
      if (inflight > 0) console.error(`load worker ${plan.worker}: ${inflight} requests still unanswered, left out`);
      process.send({
        report: {
          results,
          sent,
          tally: [...tally],
          delays,
          sockets: sockets.map(({ user, at: t }) => ({ user, at: t })),
          failed,
          dropped,
          dup,
          feedEvents,
        },
      });
    }
    if (m.cmd === 'close') {
      sockets.forEach(({ s }) => s.disconnect());
      process.exit(0);
    }
  });
  process.on('disconnect', () => process.exit(0));
}

// ---------------------------------------------------------------------------------------------------------------------
// The conductor.

async function main() {
  const mysql = require('mysql2/promise');
  const RATE = Number(process.env.RATE ?? 1);
  const SOCKETS = Number(process.env.SOCKETS ?? 3000);
  const CHAT_RATE = Number(process.env.CHAT_RATE ?? 20); // times the day's RATE
  const CONNECT_RATE = Number(process.env.CONNECT_RATE ?? 100);
  const FEED_SHARE = Number(process.env.FEED_SHARE ?? 1 / 3);
  const WORKERS = Number(process.env.LOAD_WORKERS ?? 2);
  const CAPACITY = process.env.CAPACITY === '1';
  const DAYS = CAPACITY ? ['on'] : (process.env.DAYS ?? 'on,off').split(',');
  const STEP_S = Number(process.env.STEP_S ?? 60);
  const CONFIRM_S = Number(process.env.CONFIRM_S ?? 300);
  const RATE_LO = Number(process.env.RATE_LO ?? 0.1);
  const RATE_HI = Number(process.env.RATE_HI ?? 1);
  const STEPS = Number(process.env.STEPS ?? 5);
  const METRICS_PORT = Number(process.env.METRICS_PORT ?? 3352);
  const API_ARGS = (process.env.API_ARGS ?? '').split(' ').filter(Boolean);
  const server = process.argv[2]?.includes('://') ? process.argv[2] : MYSQL_URL;
  if (process.argv[2] === 'sqlite') {
    console.log('school day: MariaDB/MySQL only; skipped');
    return;
  }
  const { url: dbUrl, database } = await scaleSeed({ server });
  const title = (c) => (c === 'off' ? 'READ_CACHE=off' : 'read cache on');
  const db = await mysql.createConnection({ uri: `${server}/${database}`, timezone: 'Z', dateStrings: ['DATE'] });
  const rows = async (sql, params = []) => (await db.query(sql, params))[0];
  await restore(db); // a killed run's changes first
  // The server sized for this school: attendance_records alone is ~1.6 GB of rows and indexes, and MariaDB's default
  // buffer pool (128 MB) sends a tenth of the day's page reads to disk. A deployment setting, not the API's; it lasts
  // until MariaDB restarts. BUFFER_POOL_MB=0 leaves the server as it is.
  const poolMb = Number(process.env.BUFFER_POOL_MB ?? 2048);
  const [[{ pool }]] = await db.query('SELECT @@innodb_buffer_pool_size AS pool');
  if (poolMb && Number(pool) < poolMb * 1048576) {
    await db.query(`SET GLOBAL innodb_buffer_pool_size = ?`, [poolMb * 1048576]);
    // The resize runs in the background: wait (at most a minute) until the server reports the new size.
    for (let i = 0; i < 60; i++) {
      const [[resize]] = await db.query(`SHOW STATUS LIKE 'Innodb_buffer_pool_resize_status'`);
      const [[now]] = await db.query('SELECT @@innodb_buffer_pool_size AS pool');
      if (Number(now.pool) >= poolMb * 1048576 && !/resizing|withdrawing|allocating/i.test(resize?.Value ?? '')) break;
      await sleep(1000);
    }
  }
  const [[{ pool: poolNow }]] = await db.query('SELECT @@innodb_buffer_pool_size AS pool');
  console.log(`MariaDB buffer pool: ${Math.round(Number(poolNow) / 1048576)} MB`);

  // The school: every scale account (all share the demo password), the demo admin.
  const mentors = (
    await rows(
      `SELECT id, email, tokenVersion AS ver FROM users WHERE role = 'mentor' AND isActive = 1 AND email LIKE '%@scale.example.edu' ORDER BY email`,
    )
  ).map((u) => ({ ...u, role: 'mentor' }));
  const mentees = (
    await rows(`SELECT u.id, u.email, u.fullName, u.tokenVersion AS ver, p.studentId, p.mentorId FROM users u
      JOIN mentee_profiles p ON p.id = u.id WHERE u.isActive = 1 AND u.email LIKE '%@scale.example.edu' ORDER BY u.email`)
  ).map((u) => ({ ...u, role: 'mentee' }));
  const [admin] = (
    await rows(`SELECT id, email, tokenVersion AS ver FROM users WHERE email = 'admin@example.edu'`)
  ).map((u) => ({ ...u, role: 'admin' }));
  // One session per account, as its sign-in would have opened (tokens signed before the day: 2 ms each would otherwise
  // fall inside it).
  const jwt = require('jsonwebtoken');
  // A build from before sessions (API_DIST, e.g. main at the start of issue 40) has no session table: the token alone.
  const sessions = await hasTable(db, 'user_sessions');
  if (sessions) await db.query(`DELETE FROM user_sessions WHERE userAgent = 'bench'`);
  const sessionRows = [admin, ...mentors, ...mentees].map((u) => {
    const { token, row } = benchSession(jwt, SECRET, u, '4h');
    u.token = `Bearer ${token}`;
    return row;
  });
  if (sessions) await insertSessions(db, sessionRows);
  // The register saved is the seed's last school day (a day the calendar accepts and the seed has rows for).
  const [{ day }] = await rows(`SELECT DATE_FORMAT(MAX(date), '%Y-%m-%d') AS day FROM attendance_records`);
  const last = new Date(`${day}T00:00:00Z`);
  const month = {
    month: ((last.getUTCMonth() + 11) % 12) + 1,
    year: last.getUTCMonth() ? last.getUTCFullYear() : last.getUTCFullYear() - 1,
  };
  const onLeave = (
    await rows(
      `SELECT DISTINCT menteeId FROM leave_requests WHERE status = 'approved' AND startDate <= ? AND endDate >= ?`,
      [day, day],
    )
  ).map((r) => r.menteeId);
  const byMentor = new Map(mentors.map((m) => [m.id, []]));
  for (const m of mentees) byMentor.get(m.mentorId)?.push(m.id);
  const classes = [...byMentor.values()].filter((c) => c.length);

  // Chat: the first mentors' groups with their members and each mentor's chats with those members, until SOCKETS
  // sockets (26 users per mentor; the rest are second devices of the first users).
  const groupRows = await rows(`SELECT g.id, g.mentorId, gm.menteeId FROM \`groups\` g
    JOIN group_members gm ON gm.groupId = g.id JOIN users u ON u.id = g.mentorId
    WHERE g.archivedAt IS NULL AND u.email LIKE '%@scale.example.edu' ORDER BY u.email, g.id`);
  const groupsById = new Map();
  for (const r of groupRows) {
    const g = groupsById.get(r.id) ?? { id: r.id, mentorId: r.mentorId, members: [] };
    g.members.push(r.menteeId);
    groupsById.set(r.id, g);
  }
  const userById = new Map([...mentors, ...mentees].map((u) => [u.id, u]));
  const chatUsers = new Map();
  const groups = [];
  for (const g of groupsById.values()) {
    const ids = [g.mentorId, ...g.members].filter((id) => !chatUsers.has(id));
    if (chatUsers.size + ids.length > SOCKETS) break;
    for (const id of ids) chatUsers.set(id, userById.get(id));
    groups.push(g);
  }
  const pairs = [];
  for (const g of groups)
    for (const menteeId of g.members)
      if (!pairs.some((p) => p.menteeId === menteeId)) pairs.push({ mentorId: g.mentorId, menteeId });
  const socketUsers = [...chatUsers.values()];
  for (let i = 0; socketUsers.length < SOCKETS && chatUsers.size; i++) socketUsers.push(socketUsers[i]);
  const participants = (m) =>
    m.group
      ? [groupsById.get(m.group).mentorId, ...groupsById.get(m.group).members]
      : [m.pair.mentorId, m.pair.menteeId];

  // 2,000 in a 600 s day at RATE=1: part of the day's mix, so scaled with it like every stream.
  const signIns = (duration, rate) =>
    [...mentees.filter((_, i) => i % 10 === 0), ...mentors]
      .slice(0, Math.round((2000 * duration * rate) / 600))
      .map(({ email }) => ({ email }));
  const [{ n: announcementCount }] = await rows(`SELECT COUNT(*) AS n FROM announcements`);
  const seededAnnouncements = (await rows(`SELECT id FROM announcements WHERE targetAudience = 'all'`)).map(
    (r) => r.id,
  );

  // A capacity search's header: its search days' length and rates at RATE=1.
  const [headerS, headerRate] = CAPACITY ? [STEP_S, 1] : [DURATION, RATE];
  console.log(
    `school day over ${database}: ${mentees.length} students, ${mentors.length} mentors; ${headerS} s per day` +
      `${CAPACITY ? ` (capacity search; ${CONFIRM_S} s to confirm)` : ''}, open loop, ` +
      `${WORKERS} load processes + the API process; ${socketUsers.length} sockets of ${chatUsers.size} users ` +
      `(${groups.length} groups, ${pairs.length} mentor–student chats), ${CHAT_RATE * headerRate} chat messages/s` +
      `${CAPACITY ? ' × RATE' : ''}; register day ${day}; ${signIns(headerS, headerRate).length} sign-ins in the first ` +
      `${waveS(headerS)} s; ${announcementCount} announcements before; ` +
      `${Math.round(FEED_SHARE * 100)} % of the sockets show a feed`,
  );

  /** One day (runDay), then the database put back as it was before it. */
  const oneDay = async (cache, rate, duration) => {
    const result = await runDay(cache, rate, duration);
    await restore(db);
    return result;
  };
  if (CAPACITY) await capacity();
  else {
    const results = {};
    for (const cache of DAYS) results[cache] = await oneDay(cache, RATE, DURATION);
    print(results);
  }
  await db.end();

  /**
   * The day's capacity: the highest RATE at which the day meets the goals of `missed`, searched in days of STEP_S s
   * (RATE_HI; if it misses, RATE_LO, then halving the gap between the highest rate that passed and the lowest that
   * missed, STEPS days in all), then confirmed over a day of CONFIRM_S s, stepping down ×0.85 when that day misses.
   * Each day runs on a fresh API (its read cache empty) and is put back afterwards. RATE scales every stream and the
   * chat, as it always has; the school stays as it is: its SOCKETS devices online (so the feeds' frames, likes and
   * comments × watching sockets, grow with the rate, not its square) and its morning's sign-in wave.
   */
  async function capacity() {
    const fmt = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
    const line = (label, r, miss) =>
      `${label}: RATE=${r.rate.toFixed(3)} over ${r.duration} s, ${r.reqPerS.toFixed(0)} requests/s; p99 ` +
      `${CLASSES.map((c) => `${c} ${fmt(r.classes[c].p99)}`).join(', ')} ms; chat p95 ${fmt(r.chat.p95)} ms; ` +
      `${CLASSES.reduce((n, c) => n + r.classes[c].errors, 0)} errors, ${r.chat.lost} lost; ` +
      `${miss.length ? `MISS (${miss.join(', ')})` : 'PASS'}`;
    let lo; // the highest rate that passed
    let hi; // the day of the lowest rate that missed
    for (let i = 0, rate = RATE_HI; i < STEPS; i++) {
      const r = await oneDay('on', rate, STEP_S);
      const miss = missed(r);
      console.log(line(`step ${i + 1}`, r, miss));
      if (miss.length) hi = r;
      else lo = rate;
      if (lo === RATE_HI || hi?.rate === RATE_LO) break;
      rate = lo === undefined ? RATE_LO : (lo + hi.rate) / 2;
    }
    if (lo === undefined) {
      const [at, rate] = [hi.reqPerS.toFixed(0), hi.rate.toFixed(3)];
      console.log(`\ncapacity: below ${at} requests/s (RATE=${rate}), the lowest rate tried`);
      return;
    }
    // A short day's p99 rests on few requests and hides what builds up over minutes (queues, memory): the candidate
    // must hold for CONFIRM_S s; at most 3 days.
    let r;
    let miss;
    for (let k = 0, rate = lo; k < 3; k++, rate *= 0.85) {
      r = await oneDay('on', rate, CONFIRM_S);
      miss = missed(r);
      console.log(line('confirm', r, miss));
      if (!miss.length) break;
    }
    print({ on: r });
    console.log(
      miss.length
        ? `\ncapacity: not confirmed (down to ${r.reqPerS.toFixed(0)} requests/s, RATE=${r.rate.toFixed(3)}, for ${CONFIRM_S} s)`
        : `\ncapacity: ${r.reqPerS.toFixed(0)} requests/s (RATE=${r.rate.toFixed(3)}), confirmed for ${CONFIRM_S} s`,
    );
    // CPU from the day's start until 2 s after its end over its HTTP requests (the chat's sockets are in it too).
    const perRequest = (k) => (Number.isFinite(r.used[k]) ? ((r.used[k] * 1000) / r.requests).toFixed(2) : '-');
    console.log(
      `CPU ms per request: API ${perRequest('api')} / MariaDB ${perRequest('mariadb')} / Redis ${perRequest('redis')} / ` +
        `load ${perRequest('load')}`,
    );
    const hit = r.hitRate === undefined ? 'n/a' : `${(r.hitRate * 100).toFixed(1)} %`;
    console.log(`read-cache hit rate: ${hit} (goal ≥ 80 %: ${r.hitRate >= 0.8 ? 'PASS' : 'MISS'})`);
  }

  /**
   * The goals a capacity day must meet (print's): the names of those it missed; none, it passes. A class without
   * requests misses (NaN). Sign-ins are held to the writes' 500 ms: after its argon2 check a sign-in writes (its
   * session, its sign_ins row, lastLogin), and no goal names them; they keep a class of their own, so a slow wave
   * shows as one.
   */
  function missed(r) {
    return [
      ['hot read p99', r.classes['hot read'].p99 <= 250],
      ['list p99', r.classes.list.p99 <= 250],
      ['write p99', r.classes.write.p99 <= 500],
      ['sign-in p99', r.classes['sign-in'].p99 <= 500],
      ['chat p95', r.chat.p95 <= 150],
      ['errors', CLASSES.every((c) => r.classes[c].errors === 0)],
      ['lost messages', r.chat.lost === 0 && r.chat.expected > 0],
    ]
      .filter(([, met]) => !met)
      .map(([goal]) => goal);
  }

  /** One day of `duration` s at `rate` on a fresh API with the read cache `cache` (on|off); restores nothing. */
  async function runDay(cache, rate, duration) {
    await snapshot(db);
    const metricsPort = METRICS_PORT + DAYS.indexOf(cache);
    const { child: api, url } = await forkApi(
      {
        DATABASE_URL: dbUrl,
        JWT_SECRET: SECRET,
        NODE_ENV: 'production',
        LOGIN_LIMIT_PER_IP: '1000000',
        METRICS_PORT: String(metricsPort),
        READ_CACHE: cache,
        // No escalation sweep: the seed holds thousands of grievances past their deadline that were never escalated,
        // which the first sweep would escalate at once, one transaction each (a school's sweep finds a few a day).
        GRIEVANCE_SWEEP_MS: '0',
      },
      { execArgv: API_ARGS },
    );
    const workers = Array.from({ length: WORKERS }, () =>
      fork(import.meta.filename, ['load'], { env: { ...process.env, DURATION: String(duration) } }),
    );
    const stopAll = () => [api, ...workers].forEach((c) => c.kill());
    process.on('exit', stopAll);
    try {
      await Promise.all(
        workers.map((w, k) => {
          const share = (xs) => xs.filter((_, i) => i % WORKERS === k);
          const ready = nextMessage(w, 'ready');
          w.send({
            cmd: 'plan',
            plan: {
              url,
              worker: k,
              workers: WORKERS,
              rate,
              chatRate: CHAT_RATE * rate,
              connectRate: CONNECT_RATE,
              feedShare: FEED_SHARE,
              admin,
              mentors,
              mentees,
              classes,
              day,
              month,
              onLeave,
              groups,
              pairs,
              announcements: seededAnnouncements,
              signIns: share(signIns(duration, rate)),
              socketUsers: share(socketUsers),
            },
          });
          return ready;
        }),
      );
      const metrics = async () => {
        const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
        if (!res.ok) throw new Error(`metrics: ${res.status}`);
        const text = await res.text();
        const value = (name) => {
          const line = text.split('\n').find((l) => l.startsWith(name));
          return line === undefined ? undefined : Number(line.split(' ').at(-1));
        };
        // Per kept read (the `read` label; a build without it counts as one read, "all").
        const reads = {};
        for (const m of text.matchAll(/^read_cache_requests_total\{([^}]*)\} (\S+)$/gm)) {
          const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
          const r = (reads[labels.read ?? 'all'] ??= { hit: 0, miss: 0 });
          r[labels.result] += Number(m[2]);
        }
        const sum = (k) => (Object.keys(reads).length ? Object.values(reads).reduce((n, r) => n + r[k], 0) : undefined);
        // The token check's kept account rows (a build without them: undefined).
        const tokenRows = {
          hit: value('token_check_rows_total{result="hit"}'),
          miss: value('token_check_rows_total{result="miss"}'),
        };
        return {
          tokenRows,
          rss: value('process_resident_memory_bytes'),
          heap: value('nodejs_heap_size_used_bytes'),
          hit: sum('hit'),
          miss: sum('miss'),
          reads,
        };
      };
      // The sockets open before the day, as the school's devices do before the first bell: a handshake storm of 3,000
      // within the first seconds of a quick run is not a school's morning, and the day's chat needs them all.
      const c0 = now();
      const conn = await Promise.all(
        workers.map((w) => {
          const p = nextMessage(w, 'connected');
          w.send({ cmd: 'connect' });
          return p;
        }),
      );
      const connectS = (now() - c0) / 1000;
      const refused = conn.reduce((n, c) => n + c.failed, 0);
      console.log(
        `${title(cache)}: ${conn.reduce((n, c) => n + c.connected, 0)} sockets connected in ${connectS.toFixed(1)} s before the day${refused ? `, ${refused} refused` : ''}`,
      );
      const before = await metrics().catch(() => ({}));
      const t0 = now() + 1000;
      api.send('lag'); // the event-loop delay from here on
      await nextMessage(api, 'lag');
      const samples = [];
      const SAMPLE_S = Number(process.env.SAMPLE_S ?? (duration >= 300 ? 10 : 5));
      const sampler = setInterval(async () => {
        const m = await metrics().catch(() => null);
        if (m) samples.push({ t: (now() - t0) / 1000, ...m });
      }, SAMPLE_S * 1000);
      const done = Promise.all(workers.map((w) => nextMessage(w, 'done')));
      const pids = { api: api.pid, load: workers.map((w) => w.pid), ...serverPids() };
      const usage = async () => {
        const [[q]] = await db.query(`SHOW GLOBAL STATUS LIKE 'Questions'`);
        return {
          api: cpuSeconds(pids.api),
          ...Object.fromEntries(Object.entries(threadSeconds(pids.api)).map(([k, v]) => [`api ${k}`, v])),
          mariadb: pids.mariadb && cpuSeconds(pids.mariadb),
          redis: pids.redis && cpuSeconds(pids.redis),
          load: pids.load.reduce((n, pid) => n + (cpuSeconds(pid) ?? 0), 0),
          machine: machineBusySeconds(),
          statements: Number(q.Value),
        };
      };
      const used0 = await usage();
      for (const w of workers) w.send({ cmd: 'start', t0 });
      await done;
      clearInterval(sampler);
      console.error(`${title(cache)}: the day is over; waiting for the answers still on their way`);
      await sleep(2000); // messages and answers still on their way
      const used1 = await usage();
      const used = Object.fromEntries(Object.keys(used1).map((k) => [k, used1[k] - used0[k]]));
      api.send('lag');
      const { lag } = await nextMessage(api, 'lag');
      const after = await metrics().catch(() => ({}));
      const load = loadavg()[0];
      const reports = await Promise.all(
        workers.map((w) => {
          const p = nextMessage(w, 'report');
          w.send({ cmd: 'report' });
          return p;
        }),
      );
      for (const w of workers) w.send({ cmd: 'close' });
      await stopChild(api);
      return summarise(
        reports.map((r) => r.report),
        { lag, before, after, samples, load, used, rate, duration },
      );
    } finally {
      process.off('exit', stopAll);
      stopAll();
    }
  }

  /** Per class and per stream: counts, percentiles, errors; chat delivery and loss; memory, event loop, cache. */
  function summarise(reports, { lag, before, after, samples, load, used, rate, duration }) {
    const streams = STREAMS.map((s, i) => {
      const ms = reports.flatMap((r) => r.results[i].ms);
      // Requests started after the sign-in wave, to tell a stall during the wave from one all day.
      const calm = reports.flatMap((r) => r.results[i].ms.filter((_, k) => r.results[i].at[k] >= waveS(duration)));
      const statuses = {};
      for (const r of reports)
        for (const [k, v] of Object.entries(r.results[i].statuses)) statuses[k] = (statuses[k] ?? 0) + v;
      const isError = (k) => !(Number(k) >= 200 && Number(k) < 300) && !(s.ok ?? []).includes(Number(k));
      const errors = Object.entries(statuses).filter(([k]) => isError(k));
      const expected = Object.entries(statuses).filter(([k]) => !isError(k) && !(Number(k) < 300));
      return { ...s, ms, calm, count: ms.length, errors, expected };
    });
    const classes = Object.fromEntries(
      CLASSES.map((c) => {
        const of = streams.filter((s) => s.cls === c);
        const ms = of.flatMap((s) => s.ms);
        const calm = of.flatMap((s) => s.calm);
        return [
          c,
          {
            count: ms.length,
            p50: pct(ms, 50),
            p95: pct(ms, 95),
            p99: pct(ms, 99),
            calm: { count: calm.length, p50: pct(calm, 50), p95: pct(calm, 95), p99: pct(calm, 99) },
            errors: of.reduce((n, s) => n + s.errors.reduce((m, [, v]) => m + v, 0), 0),
          },
        ];
      }),
    );
    // Chat: each message is expected on every socket of its other participants connected before it was sent.
    const socketsOf = new Map();
    for (const r of reports) for (const s of r.sockets) socketsOf.set(s.user, [...(socketsOf.get(s.user) ?? []), s.at]);
    const received = new Map();
    for (const r of reports) for (const [k, n] of r.tally) received.set(k, (received.get(k) ?? 0) + n);
    let expected = 0;
    let lost = 0;
    let messages = 0;
    for (const m of reports.flatMap((r) => r.sent)) {
      if (!m.ok) continue;
      messages++;
      const want = participants(m)
        .filter((id) => id !== m.sender)
        .reduce((n, id) => n + (socketsOf.get(id) ?? []).filter((at) => at < m.t).length, 0);
      expected += want;
      lost += Math.max(0, want - (received.get(m.key) ?? 0));
    }
    const delays = reports.flatMap((r) => r.delays);
    const chat = {
      messages,
      deliveries: delays.length,
      expected,
      lost,
      p50: pct(delays, 50),
      p95: pct(delays, 95),
      p99: pct(delays, 99),
      connected: reports.reduce((n, r) => n + r.sockets.length, 0),
      failed: reports.reduce((n, r) => n + r.failed, 0),
      dropped: reports.reduce((n, r) => n + r.dropped, 0),
      dup: reports.reduce((n, r) => n + r.dup, 0),
      feedEvents: reports.reduce((n, r) => n + r.feedEvents, 0),
    };
    const total = streams.reduce((n, s) => n + s.count, 0);
    const hits = after.hit === undefined ? undefined : after.hit - (before.hit ?? 0);
    const misses = after.miss === undefined ? undefined : after.miss - (before.miss ?? 0);
    return {
      rate,
      duration,
      streams,
      classes,
      chat,
      reqPerS: total / duration,
      hitRate: hits === undefined || misses === undefined || hits + misses === 0 ? undefined : hits / (hits + misses),
      hitRates: Object.entries(after.reads ?? {}).map(([read, r]) => {
        const was = before.reads?.[read] ?? { hit: 0, miss: 0 };
        const [hit, miss] = [r.hit - was.hit, r.miss - was.miss];
        return { read, hit, miss };
      }),
      tokenRows:
        after.tokenRows?.miss === undefined
          ? undefined
          : {
              hit: (after.tokenRows.hit ?? 0) - (before.tokenRows?.hit ?? 0),
              miss: after.tokenRows.miss - (before.tokenRows?.miss ?? 0),
            },
      lag,
      load,
      used,
      requests: total,
      scrapes: samples.length,
      memory: memoryTrend(samples, duration),
    };
  }

  /** RSS and heap after the first minute (the first tenth of a shorter day): least-squares growth over the rest. */
  function memoryTrend(samples, duration) {
    const warm = Math.min(60, duration / 10);
    const xs = samples.filter((s) => s.t >= warm && s.rss);
    const growth = (key) => {
      if (xs.length < 3) return undefined;
      const mt = xs.reduce((n, s) => n + s.t, 0) / xs.length;
      const mv = xs.reduce((n, s) => n + s[key], 0) / xs.length;
      const slope =
        xs.reduce((n, s) => n + (s.t - mt) * (s[key] - mv), 0) / xs.reduce((n, s) => n + (s.t - mt) ** 2, 0);
      return { first: xs[0][key], last: xs.at(-1)[key], growth: (slope * (xs.at(-1).t - xs[0].t)) / xs[0][key] };
    };
    return { rss: growth('rss'), heap: growth('heap'), samples };
  }

  function print(results) {
    const days = Object.keys(results);
    const f = (x) => (Number.isFinite(x) ? x.toFixed(0) : '-');
    const col = 44;
    console.log(`\n${''.padEnd(34)}│ ${days.map((d) => title(d).padEnd(col)).join('│ ')}`);
    console.log(`${'class'.padEnd(34)}│ ${days.map(() => 'count    p50    p95    p99 errors'.padEnd(col)).join('│ ')}`);
    const row = (label, get) =>
      console.log(`${label.padEnd(34)}│ ${days.map((d) => get(results[d]).padEnd(col)).join('│ ')}`);
    const cells = (x) =>
      `${String(x.count).padStart(5)} ${f(x.p50).padStart(6)} ${f(x.p95).padStart(6)} ${f(x.p99).padStart(6)} ${String(x.errors).padStart(6)}`;
    for (const c of CLASSES) row(c, (r) => cells(r.classes[c]));
    for (const c of CLASSES.slice(1))
      row(`${c}, after the sign-in wave`, (r) => cells({ ...r.classes[c].calm, errors: '' }));
    row('chat send → receive (deliveries)', (r) =>
      cells({ ...r.chat, count: r.chat.deliveries, errors: `${r.chat.lost} lost` }),
    );
    console.log(`${'─'.repeat(34)}┼${days.map(() => '─'.repeat(col + 1)).join('┼')}`);
    for (const s of results[days[0]].streams)
      row(`  ${s.name}`, (r) => {
        const x = r.streams.find((y) => y.name === s.name);
        const st = [...x.errors.map(([k, v]) => `${k}×${v}`), ...x.expected.map(([k, v]) => `${k}×${v} ok`)].join(' ');
        return `${cells({ count: x.count, p50: pct(x.ms, 50), p95: pct(x.ms, 95), p99: pct(x.ms, 99), errors: x.errors.reduce((n, [, v]) => n + v, 0) })} ${st}`;
      });
    console.log(`${'─'.repeat(34)}┼${days.map(() => '─'.repeat(col + 1)).join('┼')}`);
    const mb = (b) => `${(b / 1048576).toFixed(0)} MB`;
    const trend = (t) => (t ? `${mb(t.first)} → ${mb(t.last)} (${(t.growth * 100).toFixed(1)} %)` : 'n/a');
    row('requests per second (all HTTP)', (r) => r.reqPerS.toFixed(0));
    row('chat', (r) => `${r.chat.messages} messages, ${r.chat.expected} expected deliveries`);
    row(
      'sockets',
      (r) =>
        `${r.chat.connected} connected, ${r.chat.failed} refused, ${r.chat.dropped} dropped${r.chat.dup ? `, ${r.chat.dup} dup` : ''}`,
    );
    row('likes and comments received by feeds', (r) => String(r.chat.feedEvents));
    row('read-cache hit rate', (r) => (r.hitRate === undefined ? 'n/a' : `${(r.hitRate * 100).toFixed(1)} %`));
    // Each kept read: hits of its lookups (a mentor dashboard computed afresh also looks up mentor-attendance).
    for (const read of [...new Set(days.flatMap((d) => results[d].hitRates.map((h) => h.read)))].sort())
      row(`  ${read}`, (r) => {
        const h = r.hitRates.find((x) => x.read === read);
        return h && h.hit + h.miss ? `${((h.hit / (h.hit + h.miss)) * 100).toFixed(1)} % of ${h.hit + h.miss}` : 'n/a';
      });
    row('token check: account rows kept', (r) => {
      const t = r.tokenRows;
      return t && t.hit + t.miss ? `${((t.hit / (t.hit + t.miss)) * 100).toFixed(1)} % of ${t.hit + t.miss}` : 'n/a';
    });
    row('machine load average (1 min) at the end', (r) => r.load.toFixed(1));
    // CPU from the day's start until 2 s after its end, per process, and per 1,000 HTTP requests of the day (the chat's
    // sockets and messages are in it too): the cost of the day, which the noise of this machine moves far less than
    // the latencies.
    const perK = (r, s) => ((s * 1000) / r.requests).toFixed(1);
    row('CPU s: API / MariaDB / Redis / load', (r) =>
      ['api', 'mariadb', 'redis', 'load']
        .map((k) => (Number.isFinite(r.used[k]) ? r.used[k].toFixed(1) : '-'))
        .join(' / '),
    );
    row('  per 1,000 requests', (r) =>
      ['api', 'mariadb', 'redis', 'load']
        .map((k) => (Number.isFinite(r.used[k]) ? perK(r, r.used[k]) : '-'))
        .join(' / '),
    );
    row(
      '  API main thread / other threads',
      (r) => `${r.used['api main'].toFixed(1)} / ${r.used['api other'].toFixed(1)}`,
    );
    row(
      '  machine busy (both cores: 2 s a second)',
      (r) => `${r.used.machine.toFixed(1)} s of ${(2 * (r.duration + 2)).toFixed(0)} s`,
    );
    row('SQL statements per request', (r) => `${(r.used.statements / r.requests).toFixed(2)} (${r.used.statements})`);
    row('API event-loop delay p50/p99/max', (r) => `${r.lag.p50} / ${r.lag.p99} / ${r.lag.max} ms`);
    row('API RSS after the first minute', (r) => trend(r.memory.rss));
    row('API heap used after the first minute', (r) => trend(r.memory.heap));
    row(
      '  samples (s: RSS/heap MB)',
      (r) =>
        `${r.scrapes} scrapes: ` +
        r.memory.samples
          .filter((_, i, a) => i % Math.ceil(a.length / 6) === 0 || i === a.length - 1)
          .map((s) => `${s.t.toFixed(0)}:${(s.rss / 1048576).toFixed(0)}/${(s.heap / 1048576).toFixed(0)}`)
          .join(' '),
    );
    console.log(`${'─'.repeat(34)}┼${days.map(() => '─'.repeat(col + 1)).join('┼')}`);
    const goal = (label, test) => row(label, (r) => (test(r) === undefined ? 'n/a' : test(r) ? 'PASS' : 'MISS'));
    goal('≥ 300 requests/s', (r) => r.reqPerS >= 300);
    goal('reads p99 ≤ 250 ms', (r) => r.classes['hot read'].p99 <= 250);
    goal('lists p99 ≤ 250 ms', (r) => r.classes.list.p99 <= 250);
    goal('writes p99 ≤ 500 ms', (r) => r.classes.write.p99 <= 500);
    goal('chat p95 ≤ 150 ms', (r) => r.chat.p95 <= 150);
    goal('zero errors', (r) => CLASSES.every((c) => r.classes[c].errors === 0));
    goal('zero lost messages', (r) => r.chat.lost === 0 && r.chat.expected > 0);
    goal('hit rate ≥ 80 %', (r) => (r.hitRate === undefined ? undefined : r.hitRate >= 0.8));
    goal('memory flat (growth ≤ 10 %)', (r) =>
      r.memory.rss && r.memory.heap ? r.memory.rss.growth <= 0.1 && r.memory.heap.growth <= 0.1 : undefined,
    );
    console.log(
      'latencies in ms (open loop: from the scheduled start); "ok" statuses are business-rule answers (409: a leave overlapping one filed, a step taken first by another)',
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// Putting the database back.

/** Tables the day adds rows to, with the column that dates each row (rows of the day are deleted afterwards). */
const DAY_TABLES = [
  ['announcements', 'createdAt'],
  ['announcement_comments', 'createdAt'],
  ['announcement_likes', 'createdAt'],
  ['audit_entries', 'createdAt'],
  ['conversation_reads', 'lastReadAt'],
  ['grievances', 'createdAt'],
  ['grievance_comments', 'createdAt'],
  ['grievance_events', 'createdAt'],
  ['leave_requests', 'createdAt'],
  ['mail_deliveries', 'createdAt'],
  ['messages', 'createdAt'],
  ['notifications', 'createdAt'],
  ['outbox_jobs', 'createdAt'],
  ['risk_signals', 'openedAt'],
  ['sign_ins', 'at'],
  // Saved registers (upserts of the saved day, put back from the copy) and approved leaves' days (new rows).
  ['attendance_records', 'updatedAt'],
];
const BACKUP = '_bench_school_day';

/** Whether the database has this table (an older build's schema may not). */
async function hasTable(db, name) {
  const [found] = await db.query(
    'SELECT 1 FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [name],
  );
  return found.length > 0;
}

/** Copies what the day overwrites (the saved day's attendance) and notes when the day starts. */
async function snapshot(db) {
  const [[{ day }]] = await db.query(`SELECT MAX(date) AS day FROM attendance_records`);
  const [[{ start }]] = await db.query(`SELECT DATE_FORMAT(UTC_TIMESTAMP(6), '%Y-%m-%d %H:%i:%s.%f') AS start`);
  await db.query(`CREATE TABLE \`${BACKUP}\` COMMENT = ? AS SELECT * FROM attendance_records WHERE date = ?`, [
    start,
    day,
  ]);
}

/** Deletes every row the day created or changed since the snapshot and puts the copies back; no-op without a snapshot. */
async function restore(db) {
  const [[t]] = await db.query(
    `SELECT table_comment AS start FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`,
    [BACKUP],
  );
  if (!t) return;
  const s = performance.now();
  await db.query('SET SESSION foreign_key_checks = 0');
  let removed = 0;
  for (const [table, column] of DAY_TABLES) {
    if (!(await hasTable(db, table))) continue; // an older schema (API_DIST)
    const [res] = await db.query(`DELETE FROM \`${table}\` WHERE \`${column}\` >= ?`, [t.start]);
    removed += res.affectedRows;
  }
  await db.query(`INSERT IGNORE INTO attendance_records SELECT * FROM \`${BACKUP}\``);
  // Each year's ticket counter back to the highest number left (the API numbers seeded grievances on its first start,
  // so the counter before the day may be behind the numbers in use).
  await db.query(`UPDATE grievance_ticket_counters c SET lastNumber = (SELECT COALESCE(MAX(CAST(SUBSTRING_INDEX(g.ticketNumber, '-', -1) AS UNSIGNED)), 0)
    FROM grievances g WHERE g.ticketNumber LIKE CONCAT('%-', c.year, '-%'))`);
  await db.query(`DROP TABLE \`${BACKUP}\``);
  await db.query('SET SESSION foreign_key_checks = 1');
  console.log(
    `restored the database: ${removed} rows of the day deleted, saved registers put back (${((performance.now() - s) / 1000).toFixed(1)} s)`,
  );
}

// Last: main() uses the constants above.
if (process.argv[2] === 'load') loadWorker();
else await main();
