import { GuardianLink } from '../../guardians/entities/guardian-link.entity';
import { GuardianConsent, PrivacyNotice } from '../../guardians/entities/consent.entity';
import * as argon2 from 'argon2';
import dayjs from 'dayjs';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { Clock } from '../../dates/clock';
import { addDays, dayIn, weekday } from '../../dates/days';
import { bulkInsert } from '../bulk-insert';
import {
  GRIEVANCE_DEADLINE_DEFAULTS,
  GRIEVANCE_TYPE_TO_CATEGORY,
  isConfidentialGrievance,
  type GrievanceStatus,
  type GrievanceType,
  type LeaveStatus,
  type LeaveType,
} from '@portal/contracts';
import { Announcement, AnnouncementComment, AnnouncementLike } from '../../announcements/entities/announcement.entity';
import { AttendanceRecord } from '../../attendance/entities/attendance-record.entity';
import { Grievance, GrievanceTicketCounter } from '../../grievances/entities/grievance.entity';
import { ticketOf } from '../../grievances/grievance.mapper';
import { Group } from '../../groups/entities/group.entity';
import { LeaveRequest } from '../../leaves/entities/leave-request.entity';
import { conversationColumns, individualKey } from '../../messages/conversation-key';
import { Message } from '../../messages/entities/message.entity';
import { AdminProfile } from '../../users/entities/admin-profile.entity';
import { MenteeProfile } from '../../users/entities/mentee-profile.entity';
import { MentorProfile } from '../../users/entities/mentor-profile.entity';
import { INVITED_HASH_PREFIX, User } from '../../users/entities/user.entity';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_ACCOUNTS = {
  admin: 'admin@example.edu',
  mentor: 'mentor@example.edu',
  mentee: 'mentee@example.edu',
  guardian: 'guardian@example.edu',
} as const;
/** The demo school's privacy notice for guardians (version 1). */
export const DEMO_PRIVACY_NOTICE = [
  "The school keeps your child's attendance, leave requests and mentor meetings in this portal so that their",
  'teachers and mentor can support them. As their guardian you can see their attendance and leave, file leave for',
  'them and answer absence notices. With your consent we also send you e-mails about decisions on leave you filed',
  'and school announcements; absence and safety notices are sent whatever you choose. You can withdraw consent at any',
  'time from your Profile page; it changes nothing about what you can see of your child. Questions: the school office.',
].join(' ');

/** A guardian who has set a password but not yet answered the privacy notice: asked for consent at their next sign-in. */
export const DEMO_NEW_GUARDIAN = 'guardian3@example.edu';

/** A guardian invited but not yet signed up (their account has no password until they open the invitation link). */
export const DEMO_INVITED_GUARDIAN = 'guardian2@example.edu';

const FIRST = [
  'Aarav',
  'Maya',
  'Liam',
  'Zara',
  'Noah',
  'Isha',
  'Ethan',
  'Ananya',
  'Lucas',
  'Sofia',
  'Arjun',
  'Chloe',
  'Rohan',
  'Emma',
  'Kabir',
  'Olivia',
  'Vihaan',
  'Amelia',
  'Leo',
  'Priya',
  'Omar',
  'Grace',
  'Dev',
  'Hannah',
  'Ravi',
  'Lily',
  'Samir',
  'Nora',
  'Jonah',
  'Aisha',
];
const LAST = [
  'Sharma',
  'Patel',
  'Johnson',
  'Khan',
  'Williams',
  'Iyer',
  'Brown',
  'Mehta',
  'Garcia',
  'Nair',
  'Martin',
  'Reddy',
  'Lee',
  'Das',
  'Clark',
];
const MENTORS = [
  {
    email: DEMO_ACCOUNTS.mentor,
    fullName: 'Dr. Helen Carter',
    department: 'Mathematics',
    subjects: ['Algebra', 'Calculus', 'Statistics', 'Geometry'],
    experience: 12,
  },
  {
    email: 'r.menon@example.edu',
    fullName: 'Rahul Menon',
    department: 'Physics',
    subjects: ['Mechanics', 'Optics'],
    experience: 8,
  },
  {
    email: 's.okafor@example.edu',
    fullName: 'Sarah Okafor',
    department: 'English',
    subjects: ['Literature', 'Writing', 'Drama'],
    experience: 6,
  },
  {
    email: 'd.kim@example.edu',
    fullName: 'Daniel Kim',
    department: 'Computer Science',
    subjects: ['Programming', 'Databases', 'Networks', 'AI', 'Security'],
    experience: 4,
  },
];
const CLASSES = [
  ['9', 'A'],
  ['9', 'B'],
  ['10', 'A'],
  ['10', 'B'],
] as const;

/** A small deterministic generator, so every fresh start shows the same school. */
function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** School days: the last `count` weekdays up to yesterday (`today`: the school's, YYYY-MM-DD). */
export function schoolDays(count: number, today: string): string[] {
  const days: string[] = [];
  for (let d = addDays(today, -1); days.length < count; d = addDays(d, -1))
    if (weekday(d) !== 0 && weekday(d) !== 6) days.unshift(d);
  return days;
}

/**
 * Fills an empty database with a believable small school, its records up to `now` (days in the school's `timezone`).
 * Returns false when there is data already. The defaults serve the bench scripts, which have no app.
 */
export async function seedDemo(db: DataSource, now = new Clock().now(), timezone = 'UTC'): Promise<boolean> {
  // A script on a bare DataSource, outside Nest: no injected repositories here (the lint rule spares database/).
  if ((await db.getRepository(User).count()) > 0) return false;
  const random = rng(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const passwordHash = await argon2.hash(DEMO_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  });
  const today = dayIn(now, timezone);
  const ago = (days: number, hours = 0) => dayjs(now).subtract(days, 'day').subtract(hours, 'hour').toDate();

  await db.transaction(async (tx) => {
    const users: Partial<User>[] = [];
    const addUser = (email: string, role: User['role'], fullName: string, phone: string, createdDaysAgo: number) => {
      const u = {
        id: randomUUID(),
        email,
        role,
        fullName,
        phone,
        passwordHash,
        isActive: true,
        tokenVersion: 0,
        createdAt: ago(createdDaysAgo),
        lastLogin: null,
      };
      users.push(u);
      return u;
    };

    const admin = addUser(DEMO_ACCOUNTS.admin, 'admin', 'Alex Morgan', '+1 555 0100', 120);
    const mentors = MENTORS.map((m, i) => ({
      ...m,
      user: addUser(m.email, 'mentor', m.fullName, `+1 555 01${10 + i}`, 110 - i * 3),
    }));
    const mentees = Array.from({ length: 40 }, (_, i) => {
      const [cls, section] = CLASSES[i % CLASSES.length];
      const fullName = i === 0 ? 'Jordan Rivera' : `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
      const email = i === 0 ? DEMO_ACCOUNTS.mentee : `student${String(i + 1).padStart(2, '0')}@example.edu`;
      // The demo mentee belongs to the demo mentor; the rest are spread so every mentor has a caseload.
      const mentor = i === 0 ? mentors[0] : mentors[i % mentors.length];
      const user = addUser(email, 'mentee', fullName, `+1 555 2${String(i).padStart(3, '0')}`, 100 - i);
      return { user, cls, section, mentor, studentId: `STU-${2026}${String(i + 1).padStart(3, '0')}` };
    });
    // The demo student's guardian, of one more student too; another guardian invited who has not yet set a password;
    // a third who has not yet answered the privacy notice.
    const guardian = addUser(DEMO_ACCOUNTS.guardian, 'guardian', 'Maria Rivera', '+1 555 0400', 30);
    const invited = addUser(DEMO_INVITED_GUARDIAN, 'guardian', 'Samuel Okafor', '', 2);
    invited.passwordHash = `${INVITED_HASH_PREFIX}${randomUUID().replace(/-/g, '')}`;
    const newGuardian = addUser(DEMO_NEW_GUARDIAN, 'guardian', 'Priya Nair', '+91 98765 40003', 1);
    await bulkInsert(tx, User, users);

    await bulkInsert(tx, AdminProfile, [
      { id: admin.id, department: 'Administration', position: 'System Administrator', employeeId: 'ADM-000001' },
    ]);
    await bulkInsert(
      tx,
      MentorProfile,
      mentors.map((m, i) => ({
        id: m.user.id,
        employeeId: `EMP-10${i + 1}`,
        department: m.department,
        subjects: m.subjects,
        qualifications: i === 0 ? 'PhD Applied Mathematics' : 'M.Ed.',
        citations: '',
        experience: m.experience,
        officeHours: '9:00 AM - 3:00 PM',
      })),
    );
    const bloods = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
    await bulkInsert(
      tx,
      MenteeProfile,
      mentees.map((m, i) => ({
        id: m.user.id,
        studentId: m.studentId,
        className: m.cls,
        section: m.section,
        academicYear: '2026-2027',
        dateOfBirth: dayjs('2011-01-15')
          .add(i * 23, 'day')
          .format('YYYY-MM-DD'),
        address: `${12 + i} Elm Street, Springfield`,
        bloodGroup: bloods[i % bloods.length],
        medicalConditions: i % 9 === 0 ? 'Asthma' : '',
        hobbies: [pick(['Chess', 'Football', 'Music', 'Art', 'Robotics']), pick(['Reading', 'Swimming', 'Debate'])],
        parentInfo: {
          fatherName: `Mr. ${m.user.fullName.split(' ')[1]}`,
          motherName: `Mrs. ${m.user.fullName.split(' ')[1]}`,
          primaryContact: `+1 555 3${String(i).padStart(3, '0')}`,
          email: `parent${i + 1}@example.com`,
        },
        mentorId: m.mentor.user.id,
      })),
    );

    // 60 school days; each student has their own habit so the bands (excellent, good, needs improvement) all appear.
    const days = schoolDays(60, today);
    const records: Partial<AttendanceRecord>[] = [];
    mentees.forEach((m, i) => {
      const rate = i === 0 ? 0.88 : [0.97, 0.92, 0.83, 0.7, 0.95, 0.78][i % 6];
      for (const date of days)
        records.push({
          id: randomUUID(),
          menteeId: m.user.id,
          date,
          status: random() < rate ? 'present' : 'absent',
          markedById: admin.id,
        });
    });
    await bulkInsert(tx, AttendanceRecord, records);
    await bulkInsert(tx, GuardianLink, [
      { id: randomUUID(), guardianId: guardian.id, menteeId: mentees[0].user.id, invitedById: admin.id },
      { id: randomUUID(), guardianId: guardian.id, menteeId: mentees[1].user.id, invitedById: admin.id },
      { id: randomUUID(), guardianId: invited.id, menteeId: mentees[2].user.id, invitedById: admin.id },
      { id: randomUUID(), guardianId: newGuardian.id, menteeId: mentees[3].user.id, invitedById: admin.id },
    ]);
    // The school's privacy notice, to which the demo guardian has consented for both children.
    await bulkInsert(tx, PrivacyNotice, [
      { id: randomUUID(), version: 1, text: DEMO_PRIVACY_NOTICE, publishedById: admin.id, publishedAt: ago(40) },
    ]);
    await bulkInsert(
      tx,
      GuardianConsent,
      [mentees[0], mentees[1]].map((m) => ({
        id: randomUUID(),
        guardianId: guardian.id,
        menteeId: m.user.id,
        seq: 1,
        decision: 'given' as const,
        noticeVersion: 1,
        ipAddress: '203.0.113.7',
        createdAt: ago(29),
      })),
    );

    const demoMentees = mentees.filter((m) => m.mentor === mentors[0]);
    const groups = [
      {
        name: 'Math Olympiad Team',
        description: 'Problem solving practice every Thursday.',
        color: '#3B82F6',
        mentor: mentors[0],
        members: demoMentees.slice(0, 6),
      },
      {
        name: 'Class 10 Study Circle',
        description: 'Board exam preparation and peer revision.',
        color: '#10B981',
        mentor: mentors[0],
        members: demoMentees.slice(3, 10),
      },
      {
        name: 'Physics Lab Club',
        description: 'Hands-on experiments after school.',
        color: '#F59E0B',
        mentor: mentors[1],
        members: mentees.filter((m) => m.mentor === mentors[1]).slice(0, 5),
      },
    ];
    for (const g of groups) {
      const group = await tx.save(
        tx.create(Group, {
          name: g.name,
          description: g.description,
          color: g.color,
          mentorId: g.mentor.user.id,
          archivedAt: null,
        }),
      );
      await tx
        .createQueryBuilder()
        .relation(Group, 'mentees')
        .of(group)
        .add(g.members.map((m) => m.user.id));
      const chat = [
        'Welcome to the group! Please introduce yourselves.',
        'Thanks! Looking forward to it.',
        'Reminder: bring your notebooks on Thursday.',
      ];
      await bulkInsert(
        tx,
        Message,
        chat.map((content, k) => ({
          id: randomUUID(),
          ...conversationColumns('group', group.id),
          senderId: k === 1 ? g.members[0].user.id : g.mentor.user.id,
          content,
          createdAt: ago(5 - k, 2),
        })),
      );
    }

    // Leaves and grievances in every state.
    // Only the types the request form offers (MENTEE_LEAVE_TYPES): a demo leave must be one a student could file.
    const leaveTypes: LeaveType[] = ['sick', 'casual', 'emergency', 'casual'];
    const leaveStates: LeaveStatus[] = ['pending', 'approved', 'rejected', 'pending', 'approved', 'pending'];
    const leaves: Partial<LeaveRequest>[] = mentees.slice(0, 14).map((m, i) => {
      const status = leaveStates[i % leaveStates.length];
      const start = addDays(today, i % 3 === 0 ? 3 + i : -20 + i);
      const daysCount = 1 + (i % 3);
      return {
        id: randomUUID(),
        menteeId: m.user.id,
        leaveType: leaveTypes[i % 4],
        startDate: start,
        endDate: addDays(start, daysCount - 1),
        daysCount,
        reason: [
          'Fever and doctor visit',
          'Family wedding',
          'Grandparent unwell',
          'Sports tournament',
          'Dental appointment',
        ][i % 5],
        status,
        approvedById: status === 'pending' ? null : m.mentor.user.id,
        decidedAt: status === 'pending' ? null : ago(10 - (i % 5)),
        mentorComments:
          status === 'approved' ? 'Approved' : status === 'rejected' ? 'Exams that week; please reschedule.' : '',
        createdAt: ago(14 - i),
      };
    });
    await bulkInsert(tx, LeaveRequest, leaves);
    // The register agrees with the leave book, as approving does it: an absent day of an approved leave is a leave day
    // (what it was is kept, for a later cancellation); a present day stays, as the approver would have kept it.
    for (const l of leaves.filter((x) => x.status === 'approved'))
      await tx
        .createQueryBuilder()
        .update(AttendanceRecord)
        .set({ previousStatus: () => 'status', status: 'leave', leaveId: l.id })
        .where('menteeId = :menteeId AND status = :absent AND date BETWEEN :start AND :end', {
          menteeId: l.menteeId,
          absent: 'absent',
          start: l.startDate,
          end: l.endDate,
        })
        .execute();
    const gTypes: GrievanceType[] = [
      'administrative-issues',
      'technical-issues',
      'communication-support',
      'user-experience',
      'other',
      'misconduct-complaint',
    ];
    const gStates: GrievanceStatus[] = ['pending', 'in-progress', 'resolved', 'rejected', 'pending', 'in-progress'];
    const subjects = [
      'Library card not working',
      'Wi-Fi drops in the lab',
      'Timetable clash',
      'Canteen queue too long',
      'Lost ID card',
      'Bullying in the bus',
    ];
    // Ticket numbers per year of filing, as the API gives them out; deadlines in calendar days (near enough here).
    const tickets = new Map<number, number>();
    await bulkInsert(
      tx,
      Grievance,
      mentees.slice(0, 10).map((m, i) => {
        const status = gStates[i % gStates.length];
        const grievanceType = gTypes[i % gTypes.length];
        const priority = (['high', 'medium', 'low'] as const)[i % 3];
        const createdAt = ago(12 - i);
        const year = createdAt.getUTCFullYear();
        tickets.set(year, (tickets.get(year) ?? 0) + 1);
        return {
          ticketNumber: ticketOf(year, tickets.get(year)!),
          confidential: isConfidentialGrievance({ grievanceType }),
          aboutMentor: false,
          nameWithheld: false,
          identityRevealedAt: null,
          deadlineAt: dayjs(createdAt).add(GRIEVANCE_DEADLINE_DEFAULTS[priority], 'day').toDate(),
          escalatedAt: null,
          confirmedAt: null,
          reopenedAt: null,
          id: randomUUID(),
          menteeId: m.user.id,
          name: m.user.fullName,
          email: m.user.email,
          rollNo: m.studentId,
          subject: subjects[i % subjects.length],
          grievanceType,
          category: GRIEVANCE_TYPE_TO_CATEGORY[grievanceType],
          dateOfIncident: addDays(today, -(3 + i)),
          description: `${subjects[i % subjects.length]}. It has happened several times this month and needs attention.`,
          priority,
          status,
          mentorComments: status === 'in-progress' ? 'Looking into it with the office.' : '',
          adminComments: status === 'rejected' ? "Outside the school's remit." : '',
          resolution: status === 'resolved' ? 'Resolved through direct communication with the relevant department' : '',
          resolvedAt: status === 'resolved' ? ago(1) : null,
          createdAt,
        };
      }),
    );
    await bulkInsert(
      tx,
      GrievanceTicketCounter,
      [...tickets].map(([year, lastNumber]) => ({ year, lastNumber })),
    );

    // Announcements with likes and comments.
    const anns = [
      {
        author: mentors[0],
        title: 'Mid-term schedule published',
        content: 'The mid-term timetable is now on the notice board. Revision sessions start Monday.',
        priority: 'high' as const,
        targetAudience: 'mentees' as const,
        daysAgo: 2,
      },
      {
        author: mentors[1],
        title: 'Science fair registrations',
        content: 'Teams of up to three can register for the science fair until Friday.',
        priority: 'medium' as const,
        targetAudience: 'all' as const,
        daysAgo: 4,
      },
      {
        author: mentors[0],
        title: 'Staff meeting moved',
        content: "The mentors' meeting moves to Wednesday 3 PM in room 204.",
        priority: 'low' as const,
        targetAudience: 'mentors' as const,
        daysAgo: 1,
      },
      {
        author: mentors[2],
        title: 'Fire drill tomorrow',
        content: 'A fire drill will take place during second period. Follow your class teacher.',
        priority: 'urgent' as const,
        targetAudience: 'all' as const,
        daysAgo: 0,
      },
    ];
    for (const [k, a] of anns.entries()) {
      const created = ago(a.daysAgo, 3);
      const ann = await tx.save(
        tx.create(Announcement, {
          authorId: a.author.user.id,
          title: a.title,
          content: a.content,
          priority: a.priority,
          targetAudience: a.targetAudience,
          createdAt: created,
          updatedAt: created,
        }),
      );
      if (a.targetAudience === 'mentors') continue;
      const likers = mentees.slice(k, k + 3 + k * 2);
      await bulkInsert(
        tx,
        AnnouncementLike,
        likers.map((m) => ({ id: randomUUID(), announcementId: ann.id, userId: m.user.id })),
      );
      await bulkInsert(tx, AnnouncementComment, [
        {
          id: randomUUID(),
          announcementId: ann.id,
          userId: mentees[k + 1].user.id,
          userRole: 'mentee' as const,
          content: 'Thank you for letting us know!',
          createdAt: ago(a.daysAgo, 1),
        },
        {
          id: randomUUID(),
          announcementId: ann.id,
          userId: a.author.user.id,
          userRole: 'mentor' as const,
          content: 'Ask me if you have questions.',
          createdAt: ago(a.daysAgo, 0),
        },
      ]);
    }

    // Individual chats between the demo mentor and a few of their mentees.
    for (const [k, m] of demoMentees.slice(0, 3).entries()) {
      const key = individualKey(mentors[0].user.id, m.user.id);
      const lines = [
        [mentors[0], 'Hi! How are your studies going this week?'],
        [m, 'Going well, but I need help with quadratic equations.'],
        [mentors[0], 'Sure, come by during office hours tomorrow.'],
      ] as const;
      await bulkInsert(
        tx,
        Message,
        lines.map(([who, content], j) => ({
          id: randomUUID(),
          ...conversationColumns('individual', key),
          senderId: who.user.id,
          content,
          createdAt: ago(k + 1, 3 - j),
        })),
      );
    }
  });
  return true;
}
