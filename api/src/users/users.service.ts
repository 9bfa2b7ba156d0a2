import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { Wired, assertWired } from '../common/wired';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { DataSource, In, Not, type EntityManager, type Repository } from 'typeorm';
import type {
  AnyProfile,
  AttendanceHistoryEntry,
  AttendanceSummary,
  MeResponse,
  RegisterRequest,
  Role,
  UpdateMeRequest,
} from '@portal/contracts';
import type { UpdateMentorProfileDto } from './dto/update-mentor-profile.dto';
import { AdminProfile } from './entities/admin-profile.entity';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import { SignIn } from './entities/sign-in.entity';
import { INVITED_HASH_PREFIX, User } from './entities/user.entity';
import { PasswordService } from './password.service';
import { UserSessionsService } from './user-sessions.service';
import { UserException } from './user.exception';
import { DataExportRegistry } from './data-export.registry';
import { toAdminProfile, toMenteeProfile, toMentorProfile, toUserResponse } from './user.mapper';

const ID_PREFIX: Record<Role, string> = { admin: 'ADM', mentor: 'EMP', mentee: 'STU', guardian: 'GDN' };

/** A mentee's attendance as their profile shows it; provided by the attendance module (users does not depend on it). */
export type MenteeAttendanceSource = (
  menteeId: string,
) => Promise<{ summary: AttendanceSummary; history: AttendanceHistoryEntry[] }>;

/** Accounts: creation, the signed-in user's profile, and what sign-in and the token check read and write. */
@Injectable()
export class UsersService implements OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    assertWired(this.menteeAttendance);
  }

  /** The student's attendance for their profile (the attendance module's); unwired, the start fails. */
  private readonly menteeAttendance = new Wired<MenteeAttendanceSource>(
    'the mentee attendance source (attendance module)',
  );

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(AdminProfile) private readonly admins: Repository<AdminProfile>,
    @InjectRepository(MentorProfile) private readonly mentors: Repository<MentorProfile>,
    @InjectRepository(MenteeProfile) private readonly mentees: Repository<MenteeProfile>,
    private readonly passwords: PasswordService,
    private readonly userSessions: UserSessionsService,
    exports: DataExportRegistry,
  ) {
    // The student's account and profile first in their export.
    exports.register('profile', (id) => this.me(id));
  }

  useMenteeAttendance(source: MenteeAttendanceSource): void {
    this.menteeAttendance.set(source);
  }

  /** Creates the user and its role profile in one transaction (the caller's, when given). */
  async createAccount(
    input: RegisterRequest,
    manager?: EntityManager,
    opts: { pendingApproval?: boolean } = {},
  ): Promise<User> {
    const passwordHash = await this.passwords.hash(input.password);
    const run = async (tx: EntityManager) => {
      if (await tx.existsBy(User, { email: input.email })) throw UserException.emailTaken();
      const user = await tx.save(
        tx.create(User, {
          email: input.email,
          passwordHash,
          role: input.role,
          fullName: input.fullName,
          phone: input.phone,
          isActive: !opts.pendingApproval,
          pendingApproval: !!opts.pendingApproval,
        }),
      );
      if (input.role === 'admin') {
        const employeeId = await this.uniqueId(tx, AdminProfile, 'employeeId', input.employeeId, 'admin');
        await tx.save(
          tx.create(AdminProfile, {
            id: user.id,
            employeeId,
            department: input.department || 'Administration',
            position: input.position || 'System Administrator',
          }),
        );
      } else if (input.role === 'mentor') {
        const employeeId = await this.uniqueId(tx, MentorProfile, 'employeeId', input.employeeId, 'mentor');
        await tx.save(
          tx.create(MentorProfile, {
            id: user.id,
            employeeId,
            department: input.department ?? '',
            subjects: [],
            qualifications: '',
            citations: '',
            experience: 0,
            officeHours: '',
          }),
        );
      } else if (input.role === 'mentee') {
        const studentId = await this.uniqueId(tx, MenteeProfile, 'studentId', input.studentId, 'mentee');
        await tx.save(
          tx.create(MenteeProfile, {
            id: user.id,
            studentId,
            className: input.class ?? '',
            section: input.section ?? '',
            academicYear: '',
            dateOfBirth: null,
            address: '',
            bloodGroup: null,
            medicalConditions: '',
            hobbies: [],
            parentInfo: {},
            mentorId: null,
          }),
        );
      }
      return user;
    };
    return manager ? run(manager) : this.db.transaction(run);
  }

  /** A given id must be free; a blank one is generated (EMP-123456, STU-123456, ADM-123456). */
  private async uniqueId(
    tx: EntityManager,
    entity: typeof AdminProfile | typeof MentorProfile | typeof MenteeProfile,
    field: 'employeeId' | 'studentId',
    given: string | undefined,
    role: Role,
  ): Promise<string> {
    const label = field === 'studentId' ? 'Student ID' : 'Employee ID';
    if (given) {
      if (await tx.existsBy(entity, { [field]: given })) throw UserException.idTaken(label, given);
      return given;
    }
    for (;;) {
      const candidate = `${ID_PREFIX[role]}-${randomInt(100000, 1000000)}`;
      if (!(await tx.existsBy(entity, { [field]: candidate }))) return candidate;
    }
  }

  async me(userId: string): Promise<MeResponse> {
    const { user, profile } = await this.withProfile(userId);
    return { user: toUserResponse(user), profile, language: user.language };
  }

  /**
   * An account and its profile: a staff member's in the same statement as the account (asked on every page load and
   * every user opened; one statement's building and round trip instead of two), a student's with their mentor and
   * attendance.
   */
  async withProfile(id: string): Promise<{ user: User; profile: AnyProfile | null }> {
    const user = (await this.users
      .createQueryBuilder('u')
      .leftJoinAndMapOne('u.adminProfile', AdminProfile, 'ap', 'ap.id = u.id')
      .leftJoinAndMapOne('u.mentorProfile', MentorProfile, 'mp', 'mp.id = u.id')
      .where('u.id = :id', { id })
      .getOne()) as (User & { adminProfile?: AdminProfile; mentorProfile?: MentorProfile }) | null;
    if (!user) throw UserException.notFound();
    const { adminProfile, mentorProfile } = user;
    if (user.role === 'admin') return { user, profile: adminProfile ? toAdminProfile(user, adminProfile) : null };
    if (user.role === 'mentor') return { user, profile: mentorProfile ? toMentorProfile(user, mentorProfile) : null };
    return { user, profile: await this.profileOf(user) };
  }

  /** The caller's own settings: their language (their notifications and e-mails are written in it) and phone. */
  async updateMe(userId: string, dto: UpdateMeRequest): Promise<MeResponse> {
    const res = await this.users.update(
      { id: userId },
      {
        ...(dto.language !== undefined && { language: dto.language }),
        ...(dto.phone !== undefined && { phone: dto.phone }),
      },
    );
    if (!res.affected) throw UserException.notFound();
    return this.me(userId);
  }

  async profileOf(user: User): Promise<AnyProfile | null> {
    if (user.role === 'guardian') return null;
    if (user.role === 'admin') {
      const p = await this.admins.findOneBy({ id: user.id });
      return p ? toAdminProfile(user, p) : null;
    }
    if (user.role === 'mentor') {
      const p = await this.mentors.findOneBy({ id: user.id });
      return p ? toMentorProfile(user, p) : null;
    }
    const p = await this.mentees.findOneBy({ id: user.id });
    if (!p) return null;
    const mentor = p.mentorId ? await this.mentorRef(p.mentorId) : null;
    const { summary, history } = await this.menteeAttendance.get()(p.id);
    return toMenteeProfile(user, p, mentor, summary, history);
  }

  async mentorRef(mentorId: string): Promise<{ id: string; fullName: string; department: string } | null> {
    // A query builder rather than findOne({ relations }), which adds a DISTINCT pre-query for the one row.
    const row = await this.mentors
      .createQueryBuilder('p')
      .innerJoinAndSelect('p.user', 'u')
      .where('p.id = :mentorId', { mentorId })
      .getOne();
    return row?.user ? { id: row.id, fullName: row.user.fullName, department: row.department } : null;
  }

  /** What a mentor may change on their own profile: e-mail and phone, qualifications and citations. */
  async updateMentorProfile(mentorId: string, dto: UpdateMentorProfileDto): Promise<MeResponse> {
    await this.db.transaction(async (tx) => {
      if (dto.email && (await tx.existsBy(User, { email: dto.email, id: Not(mentorId) })))
        throw UserException.emailTaken();
      const userChanges: Partial<User> = {};
      if (dto.email !== undefined) userChanges.email = dto.email;
      if (dto.phone !== undefined) userChanges.phone = dto.phone;
      if (Object.keys(userChanges).length) await tx.update(User, { id: mentorId }, userChanges);
      const profileChanges: Partial<MentorProfile> = {};
      if (dto.qualifications !== undefined) profileChanges.qualifications = dto.qualifications;
      if (dto.citations !== undefined) profileChanges.citations = dto.citations;
      if (Object.keys(profileChanges).length) await tx.update(MentorProfile, { id: mentorId }, profileChanges);
    });
    return this.me(mentorId);
  }

  findById(id: string, manager?: EntityManager): Promise<User | null> {
    return (manager?.withRepository(this.users) ?? this.users).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<User[]> {
    return ids.length ? this.users.findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  /** The accounts of these e-mails (as stored: lower-case), in the caller's transaction. */
  findByEmails(emails: string[], tx: EntityManager): Promise<User[]> {
    return emails.length ? tx.findBy(User, { email: In(emails) }) : Promise.resolve([]);
  }

  /** Whether this person is, now, an active admin designated a safeguarding lead (read afresh on every call). */
  isSafeguardingLead(id: string): Promise<boolean> {
    return this.users.existsBy({ id, role: 'admin', isActive: true, safeguardingLead: true });
  }

  /** Students whose account is deactivated, with their mentor (the retention purge of their attendance). */
  async inactiveMentees(): Promise<{ id: string; mentorId: string | null }[]> {
    const rows = await this.mentees.find({
      where: { user: { isActive: false, role: 'mentee' } },
      relations: { user: true },
      select: { id: true, mentorId: true, user: { id: true } },
    });
    return rows.map((m) => ({ id: m.id, mentorId: m.mentorId }));
  }

  /** The school's safeguarding leads now: active admins designated so. */
  async safeguardingLeadIds(): Promise<string[]> {
    const rows = await this.users.find({
      where: { role: 'admin', isActive: true, safeguardingLead: true },
      select: { id: true },
    });
    return rows.map((u) => u.id);
  }

  /** The newest accounts, for the dashboards. */
  recent(count: number): Promise<User[]> {
    return this.users.find({ order: { createdAt: 'DESC' }, take: count });
  }

  /** The account of an e-mail with its password hash (never selected otherwise). */
  findForSignIn(email: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.email = :email', { email }).getOne();
  }

  /**
   * A guardian's account, made by an admin's invitation: no password can match it (not an argon2 hash) until its owner
   * sets one through the invitation link. In the caller's transaction.
   */
  async createGuardian(tx: EntityManager, input: { email: string; fullName: string }): Promise<User> {
    if (await tx.existsBy(User, { email: input.email })) throw UserException.emailTaken();
    return tx.save(
      tx.create(User, {
        email: input.email,
        passwordHash: `${INVITED_HASH_PREFIX}${randomBytes(16).toString('hex')}`,
        role: 'guardian',
        fullName: input.fullName,
        phone: '',
        isActive: true,
        pendingApproval: false,
      }),
    );
  }

  /** Which of these accounts have not yet set a password through their invitation link. */
  async stillInvited(ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await this.users
      .createQueryBuilder('u')
      .select('u.id', 'id')
      .where({ id: In(ids) })
      .andWhere('u.passwordHash LIKE :invited', { invited: `${INVITED_HASH_PREFIX}%` })
      .getRawMany<{ id: string }>();
    return new Set(rows.map((r) => r.id));
  }

  /** The account with its password hash, by id. */
  findWithHash(id: string): Promise<User | null> {
    return this.users.createQueryBuilder('u').addSelect('u.passwordHash').where('u.id = :id', { id }).getOne();
  }

  /** Stores a new password (hashed here), in the caller's transaction. */
  async setPassword(userId: string, password: string, tx: EntityManager): Promise<void> {
    await tx.update(User, { id: userId }, { passwordHash: await this.passwords.hash(password) });
  }

  async recordSignIn(userId: string, at: Date): Promise<void> {
    await this.users.manager.transaction(async (tx) => {
      await tx.update(User, { id: userId }, { lastLogin: at });
      await tx.insert(SignIn, { id: randomUUID(), userId, at });
    });
  }

  /**
   * Invalidates every token of the user (they carry the version they were issued with) and removes their sessions
   * from the list; see SessionsService.
   */
  async revokeTokens(userId: string, manager?: EntityManager): Promise<void> {
    await (manager?.withRepository(this.users) ?? this.users).increment({ id: userId }, 'tokenVersion', 1);
    await this.userSessions.endAll(userId, manager);
  }
}
