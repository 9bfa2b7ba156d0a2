// Scale seed for MariaDB/MySQL: one school year of a large school, loaded with multi-row INSERTs.
// Usage: node bench/scale-seed.mjs [database | mysql://user@host:port]   (defaults: portal_scale on mysql://root@127.0.0.1:3306;
//   also SCALE_DB and MYSQL_URL). SCALE=0.02 shrinks every count (for development runs); FORCE=1 reseeds even when the
//   data is already there. "sqlite" (as run-all.mjs may pass) skips: the scale seed is for MariaDB/MySQL.
// Other benchmarks import scaleSeed(): it skips the work when the database already holds this scale's data.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = join(import.meta.dirname, '..', 'api', 'dist');
// Resolve mysql2 and typeorm as the API does, so entities and the DataSource come from the same copy.
const require = createRequire(join(dist, 'main.js'));
const mysql = require('mysql2/promise');
const { DataSource } = require('typeorm');
const { dataSourceOptions } = require(join(dist, 'database/data-source-options.js'));
const { seedDemo, schoolDays } = require(join(dist, 'database/seed/demo-seed.js'));
const { individualKey, conversationColumns } = require(join(dist, 'messages/conversation-key.js'));
const { GRIEVANCE_TYPE_TO_CATEGORY, LEAVE_TYPES } = require('@portal/contracts');

export const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';

/** Target counts; SCALE multiplies them (the demo school's 40 mentees and 4 mentors come on top). */
export function scaleCounts(scale = Number(process.env.SCALE ?? 1)) {
  const n = (x, min = 1) => Math.max(min, Math.round(x * scale));
  const mentors = n(300, 2);
  return {
    mentees: n(20000, 10),
    mentors,
    groups: mentors * 2,
    days: Number(process.env.SCALE_DAYS ?? 150),
    messages: n(100000),
    leaves: n(20000),
    grievances: n(20000),
  };
}

const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
const chunked = function* (rows, size) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
};

/**
 * Creates (migrations) and fills `database` unless it already holds this scale's data. Returns the DATABASE_URL for
 * the API (mariadb://... so it uses TypeORM's MariaDB driver, as in production) and the counts.
 */
export async function scaleSeed({
  database = process.env.SCALE_DB ?? 'portal_scale',
  server = MYSQL_URL,
  force = process.env.FORCE === '1',
  log = console.log,
} = {}) {
  const counts = scaleCounts();
  const url = `${server.replace(/^mysql:/, 'mariadb:')}/${database}`;
  const admin = await mysql.createConnection(server);
  try {
    if (!force && (await isSeeded(admin, database, counts))) {
      log(
        `scale seed: ${database} already holds the data (${counts.mentees} mentees, ${counts.mentees * counts.days} attendance records); skipped`,
      );
      return { url, database, counts, seeded: false };
    }
    // A partial or different seed is thrown away: the figures must come from exactly these counts.
    await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    await admin.query(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  } finally {
    await admin.end();
  }

  const t0 = performance.now();
  const times = [];
  const timed = async (label, rows, fn) => {
    const s = performance.now();
    await fn();
    const ms = performance.now() - s;
    times.push({ label, rows, ms });
    log(line(label, rows, ms));
  };
  log(`scale seed into ${database}: ${JSON.stringify(counts)}`);

  // The schema comes from the API's own migrations, exactly as the API creates it; the demo accounts from its demo seed.
  const ds = new DataSource({ ...dataSourceOptions({ type: 'mysql', url }), migrationsRun: true, logging: false });
  await timed('migrations + demo', 0, async () => {
    await ds.initialize();
    await seedDemo(ds);
  });
  await ds.destroy();

  // Two connections insert in parallel (MariaDB does the work; this process only builds the statements).
  const conns = await Promise.all(
    [0, 1].map(() => mysql.createConnection({ uri: `${server}/${database}`, timezone: 'Z' })),
  );
  // The rows are generated unique and consistent, so the per-row checks are skipped for speed (session only).
  for (const c of conns) await c.query('SET SESSION unique_checks = 0, foreign_key_checks = 0');
  /** Multi-row INSERTs of `batches` (an iterator of row arrays), one statement (one autocommit transaction) each. */
  const insert = async (table, columns, batches) => {
    const sql = `INSERT INTO \`${table}\` (${columns.map((c) => `\`${c}\``).join(', ')}) VALUES ?`;
    await Promise.all(
      conns.map(async (c) => {
        for (let b = batches.next(); !b.done; b = batches.next()) await c.query(sql, [b.value]);
      }),
    );
  };

  const [[demoAdmin]] = await conns[0].query("SELECT id, passwordHash FROM users WHERE email = 'admin@example.edu'");
  // Every scale account shares the demo hash, so each can sign in with the demo password (no argon2 per row).
  const hash = demoAdmin.passwordHash;
  const days = schoolDays(counts.days, new Date().toISOString().slice(0, 10));
  const yearStart = new Date(`${days[0]}T08:00:00Z`).getTime();
  const inYear = () => new Date(yearStart + Math.random() * (Date.now() - yearStart));
  const pad = (i, w) => String(i).padStart(w, '0');

  const mentors = Array.from({ length: counts.mentors }, (_, i) => ({ id: randomUUID(), i }));
  const mentees = Array.from({ length: counts.mentees }, (_, i) => ({
    id: randomUUID(),
    i,
    mentor: mentors[i % mentors.length],
    rate: 0.7 + Math.random() * 0.29,
  }));
  await timed('users', mentors.length + mentees.length, () =>
    insert(
      'users',
      [
        'id',
        'email',
        'fullName',
        'phone',
        'passwordHash',
        'role',
        'isActive',
        'tokenVersion',
        'createdAt',
        'updatedAt',
      ],
      chunked(
        [
          ...mentors.map((m) => [
            m.id,
            `mentor${pad(m.i, 4)}@scale.example.edu`,
            `Mentor ${pad(m.i, 4)}`,
            `+1 555 4${pad(m.i, 4)}`,
            hash,
            'mentor',
            1,
            0,
            new Date(yearStart),
            new Date(yearStart),
          ]),
          ...mentees.map((m) => [
            m.id,
            `mentee${pad(m.i, 5)}@scale.example.edu`,
            `Student ${pad(m.i, 5)}`,
            `+1 555 6${pad(m.i, 5)}`,
            hash,
            'mentee',
            1,
            0,
            inYear(),
            new Date(yearStart),
          ]),
        ],
        2000,
      ),
    ),
  );
  await timed('mentor_profiles', mentors.length, () =>
    insert(
      'mentor_profiles',
      ['id', 'employeeId', 'department', 'subjects', 'qualifications', 'citations', 'experience', 'officeHours'],
      chunked(
        mentors.map((m) => [
          m.id,
          `SEMP-${pad(m.i, 4)}`,
          pick(['Mathematics', 'Physics', 'English', 'Biology', 'History']),
          '["General"]',
          'M.Ed.',
          '',
          m.i % 20,
          '9:00 AM - 3:00 PM',
        ]),
        2000,
      ),
    ),
  );
  await timed('mentee_profiles', mentees.length, () =>
    insert(
      'mentee_profiles',
      [
        'id',
        'studentId',
        'class',
        'section',
        'academicYear',
        'dateOfBirth',
        'address',
        'bloodGroup',
        'medicalConditions',
        'hobbies',
        'parentInfo',
        'mentorId',
      ],
      chunked(
        mentees.map((m) => [
          m.id,
          `SSTU-${pad(m.i, 5)}`,
          String(6 + (m.i % 7)),
          'ABCDE'[m.i % 5],
          '2025-2026',
          '2012-05-01',
          `${m.i} Scale Street`,
          'O+',
          '',
          '["Reading"]',
          '{}',
          m.mentor.id,
        ]),
        2000,
      ),
    ),
  );

  // Two groups per mentor, each with 15 of that mentor's mentees (overlapping by 5).
  const byMentor = new Map(mentors.map((m) => [m.id, []]));
  for (const m of mentees) byMentor.get(m.mentor.id).push(m);
  const groups = mentors.flatMap((m) =>
    [0, 1].map((k) => ({ id: randomUUID(), mentor: m, members: byMentor.get(m.id).slice(k * 10, k * 10 + 15) })),
  );
  await timed('groups', groups.length, () =>
    insert(
      'groups',
      ['id', 'name', 'description', 'color', 'mentorId', 'archivedAt', 'createdAt', 'updatedAt'],
      chunked(
        groups.map((g, i) => [
          g.id,
          `Group ${pad(i, 4)}`,
          'Study group',
          '#3B82F6',
          g.mentor.id,
          null,
          new Date(yearStart),
          new Date(yearStart),
        ]),
        2000,
      ),
    ),
  );
  const members = groups.flatMap((g) => g.members.map((m) => [g.id, m.id]));
  await timed('group_members', members.length, () =>
    insert('group_members', ['groupId', 'menteeId'], chunked(members, 5000)),
  );

  // Attendance as the API writes it: one day at a time for every student, random v4 ids (so the clustered index is
  // as scattered as in production). Rows are generated per batch, never all 3 million at once.
  const attendance = function* () {
    for (const date of days) {
      const updatedAt = new Date(`${date}T09:00:00Z`);
      for (let i = 0; i < mentees.length; i += 5000) {
        yield mentees
          .slice(i, i + 5000)
          .map((m) => [
            randomUUID(),
            m.id,
            date,
            Math.random() < m.rate ? 'present' : 'absent',
            demoAdmin.id,
            updatedAt,
          ]);
      }
    }
  };
  // InnoDB has no DISABLE KEYS: the non-unique secondary indexes are dropped for the load and rebuilt afterwards, one
  // sorted pass each, instead of taking 3 million random insertions each (same names and columns as the migrations).
  const [secondary] = await conns[0]
    .query(`SELECT index_name AS name, GROUP_CONCAT('\`', column_name, '\`' ORDER BY seq_in_index) AS cols
    FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'attendance_records' AND non_unique = 1 GROUP BY index_name`);
  for (const i of secondary) await conns[0].query(`ALTER TABLE attendance_records DROP INDEX \`${i.name}\``);
  await timed('attendance_records', mentees.length * days.length, () =>
    insert('attendance_records', ['id', 'menteeId', 'date', 'status', 'markedById', 'updatedAt'], attendance()),
  );
  if (secondary.length) {
    await timed('  + its indexes', 0, () =>
      conns[0].query(
        `ALTER TABLE attendance_records ${secondary.map((i) => `ADD INDEX \`${i.name}\` (${i.cols})`).join(', ')}`,
      ),
    );
  }

  // Half the messages in group chats, half in mentor–mentee chats of 10 messages each.
  const messages = function* () {
    const groupShare = Math.floor(counts.messages / 2);
    const rows = [];
    for (let i = 0; i < counts.messages; i++) {
      if (i < groupShare) {
        const g = groups[i % groups.length];
        const sender = i % 3 === 0 || !g.members.length ? g.mentor.id : pick(g.members).id;
        const c = conversationColumns('group', g.id);
        rows.push([
          randomUUID(),
          'group',
          g.id,
          c.participantA,
          c.participantB,
          sender,
          `Group message ${i}`,
          null,
          inYear(),
        ]);
      } else {
        const m = mentees[Math.floor((i - groupShare) / 10) % mentees.length];
        const c = conversationColumns('individual', individualKey(m.mentor.id, m.id));
        rows.push([
          randomUUID(),
          'individual',
          c.conversationKey,
          c.participantA,
          c.participantB,
          i % 2 ? m.id : m.mentor.id,
          `Direct message ${i}`,
          null,
          inYear(),
        ]);
      }
      if (rows.length === 5000) yield rows.splice(0);
    }
    if (rows.length) yield rows;
  };
  await timed('messages', counts.messages, () =>
    insert(
      'messages',
      [
        'id',
        'conversationType',
        'conversationKey',
        'participantA',
        'participantB',
        'senderId',
        'content',
        'attachmentId',
        'createdAt',
      ],
      messages(),
    ),
  );

  const leaves = Array.from({ length: counts.leaves }, (_, i) => {
    const m = mentees[(i * 7919) % mentees.length];
    const start = days[Math.floor(Math.random() * days.length)];
    const status = pick(['pending', 'approved', 'approved', 'approved', 'rejected']);
    const createdAt = new Date(new Date(`${start}T10:00:00Z`).getTime() - 3 * 86400000);
    const decided = status === 'pending' ? null : new Date(createdAt.getTime() + 86400000);
    return [
      randomUUID(),
      m.id,
      pick(LEAVE_TYPES),
      start,
      start,
      1,
      'Family matter',
      status,
      decided && m.mentor.id,
      decided,
      decided ? 'Noted' : '',
      createdAt,
      decided ?? createdAt,
    ];
  });
  await timed('leave_requests', leaves.length, () =>
    insert(
      'leave_requests',
      [
        'id',
        'menteeId',
        'leaveType',
        'startDate',
        'endDate',
        'daysCount',
        'reason',
        'status',
        'approvedById',
        'decidedAt',
        'mentorComments',
        'createdAt',
        'updatedAt',
      ],
      chunked(leaves, 2000),
    ),
  );

  const gTypes = Object.keys(GRIEVANCE_TYPE_TO_CATEGORY);
  const grievances = Array.from({ length: counts.grievances }, (_, i) => {
    const m = mentees[(i * 104729) % mentees.length];
    const type = pick(gTypes);
    const status = pick(['pending', 'in-progress', 'resolved', 'resolved', 'rejected']);
    const createdAt = inYear();
    return [
      randomUUID(),
      m.id,
      `Student ${pad(m.i, 5)}`,
      `mentee${pad(m.i, 5)}@scale.example.edu`,
      `SSTU-${pad(m.i, 5)}`,
      'Wi-Fi drops in the lab',
      type,
      GRIEVANCE_TYPE_TO_CATEGORY[type],
      createdAt.toISOString().slice(0, 10),
      'It has happened several times this month.',
      pick(['high', 'medium', 'low']),
      status,
      '',
      '',
      status === 'resolved' ? 'Fixed' : '',
      status === 'resolved' ? createdAt : null,
      createdAt,
      createdAt,
    ];
  });
  // Grievances go last: isSeeded() takes a full grievance count as the sign of a complete seed.
  await timed('grievances', grievances.length, () =>
    insert(
      'grievances',
      [
        'id',
        'menteeId',
        'name',
        'email',
        'rollNo',
        'subject',
        'grievanceType',
        'category',
        'dateOfIncident',
        'description',
        'priority',
        'status',
        'mentorComments',
        'adminComments',
        'resolution',
        'resolvedAt',
        'createdAt',
        'updatedAt',
      ],
      chunked(grievances, 2000),
    ),
  );

  // Fresh optimizer statistics, so the plans are the ones a long-running server would choose.
  await timed('analyze', 0, () =>
    conns[0].query(
      'ANALYZE TABLE users, mentee_profiles, mentor_profiles, `groups`, group_members, attendance_records, messages, leave_requests, grievances',
    ),
  );
  await Promise.all(conns.map((c) => c.end()));
  const rows = times.reduce((s, t) => s + t.rows, 0);
  const ms = performance.now() - t0;
  log(line('total', rows, ms));
  return { url, database, counts, seeded: true };
}

const line = (label, rows, ms) =>
  `  ${label.padEnd(18)} ${(rows ? rows.toLocaleString('en') : '').padStart(10)} rows  ${(ms / 1000).toFixed(1).padStart(6)} s` +
  (rows
    ? `  ${Math.round(rows / (ms / 1000))
        .toLocaleString('en')
        .padStart(8)} rows/s`
    : '');

async function isSeeded(conn, database, counts) {
  const [[db]] = await conn.query(
    'SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = ? AND table_name = ?',
    [database, 'grievances'],
  );
  if (!db.n) return false;
  const [[r]] =
    await conn.query(`SELECT (SELECT COUNT(*) FROM \`${database}\`.users WHERE email LIKE '%@scale.example.edu' AND role = 'mentee') AS mentees,
    (SELECT COUNT(*) FROM \`${database}\`.grievances) AS grievances`);
  // The demo seed adds 10 grievances of its own.
  return Number(r.mentees) === counts.mentees && Number(r.grievances) === counts.grievances + 10;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = process.argv[2];
  if (arg === 'sqlite') console.log('scale seed: MariaDB/MySQL only; skipped');
  else await scaleSeed(arg?.includes('://') ? { server: arg } : arg ? { database: arg } : {});
}
