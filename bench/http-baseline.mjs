// The bare baseline for http-reads.mjs: node:http + a mysql2 pool, no framework and no ORM. For each hot read it runs
// the same SQL statements the API runs (as TypeORM logs them: same tables, joins, filters, order, limits, columns) and
// answers the same JSON. Auth is the API's: the bearer JWT is verified with the same secret (HS256) and the user is
// looked up by id on every call (active, token version, role).
// Started by http-reads.mjs as a child process: PORT, DATABASE_URL (mysql://.../db), JWT_SECRET.
import { createSecretKey } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(join(import.meta.dirname, '..', 'api', 'dist', 'main.js'));
const mysql = require('mysql2/promise');
const jwt = require('jsonwebtoken');
const { monthlyPercentage } = require('@portal/contracts');
// The API's own pure functions shape the answers (the same JSON, and the same work to build it); no Nest, no ORM.
const dist = join(import.meta.dirname, '..', 'api', 'dist');
const { toLeaveResponse } = require(join(dist, 'leaves', 'leave.mapper.js'));
const { schoolDatesBetween } = require(join(dist, 'calendar', 'school-days.js'));
const attendanceSummary = require(join(dist, 'attendance', 'attendance-summary.service.js'));
const { leaveImpact } = require(join(dist, 'attendance', 'attendance.service.js'));

// A KeyObject, as the API uses: given a string, jsonwebtoken tries to parse it as a PEM key on every call (~0.35 ms).
const key = createSecretKey(Buffer.from(process.env.JWT_SECRET, 'utf8'));
// Same pool size and time zone as the API's TypeORM options; DATE columns as 'YYYY-MM-DD' strings, as TypeORM gives them.
const pool = mysql.createPool({
  uri: process.env.DATABASE_URL.replace(/^mariadb:/, 'mysql:'),
  connectionLimit: 20,
  trace: false,
  timezone: 'Z',
  dateStrings: ['DATE'],
  charset: 'utf8mb4_unicode_ci',
});
const q = async (sql, params, nestTables = false) => (await pool.query({ sql, nestTables }, params))[0];
const one = async (sql, params) => (await q(sql, params))[0];
const count = async (sql, params) => Number((await one(sql, params)).cnt);

const cols = (alias, list) => list.map((c) => `\`${alias}\`.\`${c}\``).join(', ');
const USER = [
  'id',
  'email',
  'fullName',
  'phone',
  'role',
  'isActive',
  'tokenVersion',
  'createdAt',
  'updatedAt',
  'lastLogin',
  'pendingApproval',
  'safeguardingLead',
  'language',
]; // passwordHash is select: false
const MENTOR = [
  'id',
  'employeeId',
  'department',
  'subjects',
  'qualifications',
  'citations',
  'experience',
  'officeHours',
];
const LEAVE = [
  'id',
  'leaveType',
  'startDate',
  'endDate',
  'daysCount',
  'reason',
  'status',
  'decidedAt',
  'mentorComments',
  'createdAt',
  'updatedAt',
];
const iso = (d) => (d == null ? null : new Date(d).toISOString());
const summarize = (total, present) => ({
  totalDays: total,
  presentDays: present,
  percentage: total ? Math.round((present / total) * 100) : 0,
});

// A leave with its relations, as LeavesService's query builder joins them.
const LEAVE_JOINS = `FROM leave_requests l INNER JOIN mentee_profiles m ON m.id = l.menteeId INNER JOIN users mu ON mu.id = m.id
  LEFT JOIN mentor_profiles t ON t.id = m.mentorId LEFT JOIN users tu ON tu.id = t.id LEFT JOIN users ap ON ap.id = l.approvedById`;
const LEAVE_SELECT = `SELECT ${LEAVE.map((c) => `l.${c} AS ${c}`).join(', ')}, m.id AS menteeId, m.studentId AS studentId, mu.fullName AS menteeName,
  t.id AS mentorId, tu.fullName AS mentorName, ap.id AS approverId, ap.fullName AS approverName`;
const toLeave = (r) => ({
  _id: r.id,
  menteeId: r.menteeId ? { _id: r.menteeId, fullName: r.menteeName ?? '', studentId: r.studentId } : null,
  mentorId: r.mentorId ? { _id: r.mentorId, fullName: r.mentorName ?? '' } : null,
  leaveType: r.leaveType,
  startDate: r.startDate,
  endDate: r.endDate,
  daysCount: r.daysCount,
  reason: r.reason,
  status: r.status,
  approvedBy: r.approverId ? { _id: r.approverId, fullName: r.approverName } : null,
  decidedAt: iso(r.decidedAt),
  mentorComments: r.mentorComments,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});
/** The deciders' list: every column LeaveRow has, by its names. */
const DECIDER_SELECT = `SELECT ${[...LEAVE, 'cancelledAt'].map((c) => `l.${c} AS ${c}`).join(', ')}, m.id AS menteeId, m.studentId AS studentId, mu.fullName AS menteeName,
  t.id AS mentorId, tu.fullName AS mentorName, ap.id AS approverId, ap.fullName AS approverName`;
const COUNTS = ['present', 'late', 'absent', 'leave']
  .map((s) => `SUM(CASE WHEN a.status = '${s}' THEN 1 ELSE 0 END) AS \`${s}\``)
  .join(', ');
/** The school's calendar, read again every 5 s as the API's CalendarService does. */
let calendar = null;
async function calendarRules() {
  if (calendar && performance.now() - calendar.at < 5000) return calendar.rules;
  const [[row], closures] = await Promise.all([
    q('SELECT * FROM school_settings WHERE id = 1'),
    q('SELECT date, reason FROM school_closures ORDER BY date ASC'),
  ]);
  const rules = {
    weekendDays: row ? (row.weekendDays ? row.weekendDays.split(',').map(Number) : []) : [0],
    termStart: row?.termStart ?? null,
    termEnd: row?.termEnd ?? null,
    closures: closures.map((c) => ({ date: c.date, reason: c.reason })),
  };
  calendar = { rules, at: performance.now() };
  return rules;
}
/** AttendanceSummaryService.schoolDaysOnly: the calendar's school days alone count. */
const schoolDaysOnly = (rules) =>
  [
    rules.weekendDays.length ? ` AND (DAYOFWEEK(a.date) - 1) NOT IN (${rules.weekendDays.map(Number).join(', ')})` : '',
    rules.termStart ? ` AND a.date >= ${pool.escape(rules.termStart)}` : '',
    rules.termEnd ? ` AND a.date <= ${pool.escape(rules.termEnd)}` : '',
    rules.closures.length ? ` AND a.date NOT IN (${rules.closures.map((c) => pool.escape(c.date)).join(', ')})` : '',
  ].join('');

/** LeavesService.recent: the list's statement, newest first, LIMIT 5. */
const recentLeaves = async (where, params) =>
  (
    await q(
      `${LEAVE_SELECT} ${LEAVE_JOINS} ${where ? `WHERE ${where}` : ''} ORDER BY l.createdAt DESC, l.id DESC LIMIT 5`,
      params,
    )
  ).map(toLeave);
/** AttendanceSummaryService: present/total per mentee, from the covering (menteeId, date, status) index. */
async function summaries(where, params, join = '', key = 'a.menteeId') {
  const rows = await q(
    `SELECT ${key} AS menteeId, COUNT(*) AS total, SUM(CASE WHEN a.status = 'present' THEN 1 ELSE 0 END) AS present FROM attendance_records a ${join} WHERE ${where} GROUP BY ${key}`,
    params,
  );
  return new Map(rows.map((r) => [r.menteeId, summarize(Number(r.total), Number(r.present))]));
}

const routes = {
  'GET /api/mentees/dashboard': [
    'mentee',
    async (me) => {
      const [att, counts, recent, mentor] = await Promise.all([
        summaries('menteeId IN (?)', [[me.id]]),
        one(
          `SELECT SUM(CASE WHEN l.status = 'pending' THEN 1 ELSE 0 END) AS pending, SUM(CASE WHEN l.status = 'approved' THEN 1 ELSE 0 END) AS approved,
        (SELECT COUNT(*) FROM grievances g WHERE g.menteeId = ?) AS grievances FROM leave_requests l WHERE l.menteeId = ?`,
          [me.id, me.id],
        ),
        recentLeaves('l.menteeId = ?', [me.id]),
        one(
          'SELECT p.id, p.department, u.id AS userId, u.fullName FROM mentor_profiles p INNER JOIN users u ON u.id = p.id INNER JOIN mentee_profiles m ON m.mentorId = p.id WHERE m.id = ?',
          [me.id],
        ),
      ]);
      const attendance = att.get(me.id) ?? summarize(0, 0);
      return {
        attendancePercentage: attendance.percentage,
        attendance,
        totalGrievances: Number(counts.grievances),
        pendingLeaves: Number(counts.pending ?? 0),
        approvedLeaves: Number(counts.approved ?? 0),
        recentLeaves: recent,
        mentor: mentor ? { _id: mentor.id, fullName: mentor.fullName, department: mentor.department } : null,
      };
    },
  ],
  'GET /api/mentors/dashboard': [
    'mentor',
    async (me) => {
      const [mentees, sums, totalGroups, pendingLeaves, grievances, recent] = await Promise.all([
        q(
          'SELECT p.id, p.studentId, p.class, p.section, u.id, u.fullName, u.phone, u.email FROM mentee_profiles p LEFT JOIN users u ON u.id = p.id WHERE p.mentorId = ? ORDER BY u.fullName ASC',
          [me.id],
          true,
        ),
        summaries('m.mentorId = ?', [me.id], 'INNER JOIN mentee_profiles m ON m.id = a.menteeId', 'm.id'),
        count('SELECT COUNT(1) AS cnt FROM `groups` WHERE mentorId = ? AND archivedAt IS NULL', [me.id]),
        count(
          'SELECT COUNT(DISTINCT x.id) AS cnt FROM leave_requests x LEFT JOIN mentee_profiles m ON m.id = x.menteeId WHERE m.mentorId = ? AND x.status = ?',
          [me.id, 'pending'],
        ),
        one(
          "SELECT COUNT(*) AS total, SUM(CASE WHEN g.status IN ('pending', 'in-progress') THEN 1 ELSE 0 END) AS open FROM grievances g INNER JOIN mentee_profiles m ON m.id = g.menteeId WHERE m.mentorId = ?",
          [me.id],
        ),
        recentLeaves('m.mentorId = ?', [me.id]),
      ]);
      return {
        totalMentees: mentees.length,
        totalGroups,
        pendingLeaves,
        totalGrievances: Number(grievances.total),
        openGrievances: Number(grievances.open ?? 0),
        recentLeaves: recent,
        mentees: mentees.map(({ p, u }) => ({
          _id: p.id,
          fullName: u.fullName,
          studentId: p.studentId,
          class: p.class,
          section: p.section,
          phone: u.phone,
          email: u.email,
          attendance: sums.get(p.id) ?? summarize(0, 0),
        })),
      };
    },
  ],
  'GET /api/admin/dashboard': [
    'admin',
    async () => {
      const [groups, totalGroups, pendingLeaves, pendingGrievances, recentUsers, recent] = await Promise.all([
        q('SELECT role, isActive AS active, COUNT(*) AS n FROM users GROUP BY role, isActive'),
        count('SELECT COUNT(1) AS cnt FROM `groups` WHERE archivedAt IS NULL'),
        count('SELECT COUNT(1) AS cnt FROM leave_requests WHERE status = ?', ['pending']),
        count('SELECT COUNT(1) AS cnt FROM grievances WHERE status = ?', ['pending']),
        q(`SELECT ${cols('u', USER)} FROM users u ORDER BY u.createdAt DESC LIMIT 5`),
        recentLeaves('', []),
      ]);
      const sum = (keep) => groups.filter(keep).reduce((total, g) => total + Number(g.n), 0);
      return {
        stats: {
          totalUsers: sum(() => true),
          activeUsers: sum((g) => g.active === 1),
          totalMentors: sum((g) => g.role === 'mentor'),
          totalMentees: sum((g) => g.role === 'mentee'),
          totalGroups,
          pendingLeaves,
          pendingGrievances,
        },
        recentUsers: recentUsers.map((u) => ({
          _id: u.id,
          email: u.email,
          role: u.role,
          createdAt: iso(u.createdAt),
          fullName: u.fullName,
        })),
        recentLeaves: recent,
      };
    },
  ],
  'GET /api/leaves/mentor': [
    'mentor',
    async (me) => {
      // The first page (1,000 rows): not full, so it says the total itself, as the API's does.
      const rows = await q(
        `${DECIDER_SELECT} ${LEAVE_JOINS} WHERE m.mentorId = ? ORDER BY l.createdAt DESC, l.id ASC LIMIT 1000 OFFSET 0`,
        [me.id],
      );
      const rules = await calendarRules();
      const out = rows.map((r) => toLeaveResponse(r, rules));
      const pending = out.flatMap((l, i) =>
        l.status === 'pending'
          ? [{ leave: l, menteeId: rows[i].menteeId, dates: schoolDatesBetween(l.startDate, l.endDate, rules) }]
          : [],
      );
      if (pending.length) {
        // The mentor's students' summaries (kept by the API between attendance writes; computed here every time) and
        // each pending leave's records on its dates.
        const wanted = pending.filter((p) => p.dates.length);
        const [sums, records] = await Promise.all([
          q(
            `SELECT m.id AS menteeId, ${COUNTS} FROM attendance_records a INNER JOIN mentee_profiles m ON m.id = a.menteeId WHERE m.mentorId = ?${schoolDaysOnly(rules)} GROUP BY m.id`,
            [me.id],
          ),
          wanted.length
            ? q(
                `SELECT id, menteeId, date, status FROM attendance_records WHERE ${wanted.map(() => '(menteeId = ? AND date IN (?))').join(' OR ')}`,
                wanted.flatMap((p) => [p.menteeId, p.dates]),
              )
            : [],
        ]);
        const byMentee = new Map(
          sums.map((r) => [r.menteeId, attendanceSummary.summarize(attendanceSummary.toCounts(r))]),
        );
        for (const { leave, menteeId, dates } of pending) {
          const days = new Set(dates);
          const inRange = records.filter((r) => r.menteeId === menteeId && days.has(r.date));
          leave.impact = {
            schoolDays: dates.length,
            ...leaveImpact(byMentee.get(menteeId) ?? attendanceSummary.EMPTY_SUMMARY, inRange, dates),
          };
          leave.presentDays = inRange
            .filter((r) => r.status === 'present' || r.status === 'late')
            .map((r) => r.date)
            .sort();
        }
      }
      return [200, out, { 'x-total-count': String(out.length) }];
    },
  ],
  'GET /api/admin/users/:id': [
    'admin',
    async (_me, id) => {
      const u = await one(`SELECT ${cols('u', USER)} FROM users u WHERE u.id = ? LIMIT 1`, [id]);
      if (!u) return [404, { statusCode: 404, message: 'User not found', error: 'Not Found' }];
      if (u.role !== 'mentor') return [501, { message: 'the baseline answers this route for mentors only' }];
      const p = await one(`SELECT ${cols('p', MENTOR)} FROM mentor_profiles p WHERE p.id = ? LIMIT 1`, [id]);
      return {
        user: {
          _id: u.id,
          email: u.email,
          role: u.role,
          isActive: !!u.isActive,
          pendingApproval: !!u.pendingApproval,
          safeguardingLead: u.role === 'admin' && !!u.safeguardingLead,
          createdAt: iso(u.createdAt),
          lastLogin: iso(u.lastLogin),
          fullName: u.fullName,
          phone: u.phone,
        },
        profile: p && {
          _id: u.id,
          fullName: u.fullName,
          phone: u.phone,
          employeeId: p.employeeId,
          department: p.department,
          subjects: JSON.parse(p.subjects),
          qualifications: p.qualifications,
          citations: p.citations,
          experience: p.experience,
          officeHours: p.officeHours,
        },
      };
    },
  ],
  'GET /api/admin/attendance': [
    'admin',
    async (_me, _id, query) => {
      const date = query.get('date');
      if (date) {
        const attendanceData = {};
        for (const r of await q('SELECT menteeId, status FROM attendance_records WHERE date = ?', [date]))
          attendanceData[r.menteeId] = { [date]: r.status };
        return { date, attendanceData };
      }
      const month = Number(query.get('month'));
      const year = Number(query.get('year'));
      const from = new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
      const to = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
      const [mentees, counts, [days]] = await Promise.all([
        q(
          'SELECT p.id, p.studentId, p.class, p.section, u.id, u.fullName FROM mentee_profiles p LEFT JOIN users u ON u.id = p.id ORDER BY u.fullName ASC',
          [],
          true,
        ),
        q(
          "SELECT menteeId, SUM(CASE WHEN status = 'present' THEN 1 ELSE 0 END) AS present, SUM(CASE WHEN status = 'absent' THEN 1 ELSE 0 END) AS absent FROM attendance_records WHERE date BETWEEN ? AND ? GROUP BY menteeId",
          [from, to],
        ),
        q('SELECT COUNT(DISTINCT date) AS n FROM attendance_records WHERE date BETWEEN ? AND ?', [from, to]),
      ]);
      const byId = new Map(counts.map((c) => [c.menteeId, c]));
      return {
        month,
        year,
        schoolDays: Number(days.n),
        students: mentees.map(({ p, u }) => {
          const present = Number(byId.get(p.id)?.present ?? 0);
          const absent = Number(byId.get(p.id)?.absent ?? 0);
          return {
            _id: p.id,
            fullName: u.fullName,
            studentId: p.studentId,
            class: p.class,
            section: p.section,
            present,
            absent,
            percentage: monthlyPercentage(present, absent),
          };
        }),
      };
    },
  ],
};

async function authenticate(header) {
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  if (!token) return null;
  let payload;
  try {
    payload = jwt.verify(token, key, { algorithms: ['HS256'] });
  } catch {
    return null;
  }
  const u = await one('SELECT id, email, role, fullName, isActive, tokenVersion FROM users WHERE id = ?', [
    payload.sub,
  ]);
  return u && u.isActive && u.tokenVersion === payload.ver ? u : null;
}

const send = (res, status, body, headers = {}) => {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  res.end(json);
};

createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/api/health') return send(res, 200, { status: 'ok' });
    const id = /^\/api\/admin\/users\/([0-9a-f-]{36})$/.exec(url.pathname)?.[1];
    const route = routes[`${req.method} ${id ? '/api/admin/users/:id' : url.pathname}`];
    if (!route) return send(res, 404, { statusCode: 404, message: 'Not Found' });
    const me = await authenticate(req.headers.authorization);
    if (!me) return send(res, 401, { statusCode: 401, message: 'Authentication required. Please sign in.' });
    if (me.role !== route[0]) return send(res, 403, { statusCode: 403, message: 'Access denied.' });
    const out = await route[1](me, id, url.searchParams);
    return Array.isArray(out) && typeof out[0] === 'number' ? send(res, ...out) : send(res, 200, out);
  } catch (e) {
    console.error(e);
    send(res, 500, { statusCode: 500, message: 'Internal server error' });
  }
}).listen(Number(process.env.PORT), '127.0.0.1');
