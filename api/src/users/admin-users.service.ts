import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, In, Not, type EntityManager, type Repository } from 'typeorm';
import {
  ADMIN_PAGE_SIZE,
  PROFILE_FIELDS,
  type AdminUserDetail,
  type AdminUserListItem,
  ERASURE_MENTIONS_MAX,
  type DeleteUserResponse,
  type ErasurePreview,
  type ListUsersResponse,
  type RegisterResponse,
  type Role,
  type UpdateProfileRequest,
} from '@portal/contracts';
import { AuditService, diff } from '../audit/audit.service';
import type { AuthUser } from '../common/auth-user';
import { LIKE_ESCAPE, containing } from '../common/like';
import { windowOf } from '../common/pagination.dto';
import { SessionsService } from '../sessions/sessions.service';
import { AccountCleanupRegistry } from './account-cleanup.registry';
import { ErasureRegistry, type ErasureSubject } from './erasure.registry';
import type { ListUsersQueryDto } from './dto/list-users.query.dto';
import type { UpdateProfileDto } from './dto/update-profile.dto';
import type { UpdateUserDto } from './dto/update-user.dto';
import { AdminProfile } from './entities/admin-profile.entity';
import { MenteeProfile } from './entities/mentee-profile.entity';
import { MentorProfile } from './entities/mentor-profile.entity';
import type { RegisterDto } from './dto/register.dto';
import { User } from './entities/user.entity';
import { ProfilesService } from './profiles.service';
import { UserException } from './user.exception';
import { toUserResponse } from './user.mapper';
import { UsersService } from './users.service';

/** Profile fields as the API names them → entity columns (only `class` differs). */
const COLUMN: Partial<Record<keyof UpdateProfileRequest, string>> = { class: 'className' };
const USER_FIELDS = new Set<keyof UpdateProfileRequest>(['fullName', 'phone']);
const PROFILE_ENTITY = { admin: AdminProfile, mentor: MentorProfile, mentee: MenteeProfile } as const;

@Injectable()
export class AdminUsersService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(User) private readonly userRepo: Repository<User>,
    @InjectRepository(AdminProfile) private readonly admins: Repository<AdminProfile>,
    @InjectRepository(MentorProfile) private readonly mentors: Repository<MentorProfile>,
    @InjectRepository(MenteeProfile) private readonly mentees: Repository<MenteeProfile>,
    private readonly users: UsersService,
    private readonly profiles: ProfilesService,
    private readonly audit: AuditService,
    private readonly cleanup: AccountCleanupRegistry,
    private readonly erasure: ErasureRegistry,
    private readonly sessions: SessionsService,
  ) {}

  async list(q: ListUsersQueryDto): Promise<ListUsersResponse> {
    const { page, limit, skip } = windowOf(q, ADMIN_PAGE_SIZE);
    const qb = this.userRepo
      .createQueryBuilder('u')
      .leftJoin(MentorProfile, 'mp', 'mp.id = u.id')
      .leftJoin(MenteeProfile, 'sp', 'sp.id = u.id')
      .leftJoin(AdminProfile, 'ap', 'ap.id = u.id')
      .orderBy('u.createdAt', 'DESC')
      .addOrderBy('u.id', 'ASC');
    if (q.role) qb.andWhere('u.role = :role', { role: q.role });
    if (q.status === 'pending') qb.andWhere('u.pendingApproval = :pending', { pending: true });
    else if (q.status)
      qb.andWhere('u.isActive = :active AND u.pendingApproval = :pending', {
        active: q.status === 'active',
        pending: false,
      });
    if (q.search) {
      const term = containing(q.search);
      const like = (column: string) => `LOWER(${column}) LIKE :term ${LIKE_ESCAPE}`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(like('u.fullName'), { term })
            .orWhere(like('u.email'), { term })
            .orWhere(like('sp.studentId'), { term })
            .orWhere(like('mp.employeeId'), { term })
            .orWhere(like('ap.employeeId'), { term })
            .orWhere(like('mp.department'), { term }),
        ),
      );
    }
    const [rows, total] = await qb.skip(skip).take(limit).getManyAndCount();
    const ids = rows.map((u) => u.id);
    const [admins, mentors, mentees] = ids.length
      ? await Promise.all([
          this.admins.findBy({ id: In(ids) }),
          this.mentors.findBy({ id: In(ids) }),
          this.mentees.findBy({ id: In(ids) }),
        ])
      : [[], [], []];
    const byId = new Map<string, AdminUserListItem['profile']>();
    admins.forEach((p) =>
      byId.set(p.id, { fullName: '', phone: '', employeeId: p.employeeId, department: p.department }),
    );
    mentors.forEach((p) =>
      byId.set(p.id, { fullName: '', phone: '', employeeId: p.employeeId, department: p.department }),
    );
    mentees.forEach((p) =>
      byId.set(p.id, { fullName: '', phone: '', studentId: p.studentId, class: p.className, section: p.section }),
    );
    return {
      users: rows.map((u) => ({
        ...toUserResponse(u),
        profile: { ...(byId.get(u.id) ?? {}), fullName: u.fullName, phone: u.phone },
      })),
      total,
      page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
    };
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const { user, profile } = await this.users.withProfile(id);
    return { user: toUserResponse(user), profile };
  }

  async create(dto: RegisterDto, actor: AuthUser): Promise<RegisterResponse> {
    const user = await this.db.transaction(async (tx) => {
      const created = await this.users.createAccount(dto, tx);
      await this.audit.record(tx, actor, dto.role === 'admin' ? 'admin.create' : 'user.create', label(created), {
        email: { from: null, to: created.email },
        role: { from: null, to: created.role },
        fullName: { from: null, to: created.fullName },
      });
      return created;
    });
    return { message: 'User created successfully', user: toUserResponse(user) };
  }

  async updateEmail(id: string, dto: UpdateUserDto, actor: AuthUser): Promise<AdminUserDetail> {
    await this.db.transaction(async (tx) => {
      const user = await this.mustFind(tx, id);
      if (user.email === dto.email) return;
      if (await tx.existsBy(User, { email: dto.email, id: Not(id) })) throw UserException.emailTaken();
      await tx.update(User, { id }, { email: dto.email });
      await this.audit.record(tx, actor, 'user.update', label(user), { email: { from: user.email, to: dto.email } });
    });
    return this.detail(id);
  }

  async updateProfile(id: string, dto: UpdateProfileDto, actor: AuthUser): Promise<AdminUserDetail> {
    await this.db.transaction(async (tx) => {
      const user = await this.mustFind(tx, id);
      const given = Object.keys(dto).filter(
        (k) => dto[k as keyof UpdateProfileDto] !== undefined,
      ) as (keyof UpdateProfileRequest)[];
      const allowed = new Set(PROFILE_FIELDS[user.role]);
      const foreign = given.filter((k) => !allowed.has(k));
      if (foreign.length) throw UserException.fieldsNotApplicable(foreign, user.role);
      if (!given.length) throw UserException.nothingToUpdate();

      // A guardian's account has no profile row: their fields (name, phone) are the account's own.
      const entity = user.role === 'guardian' ? null : PROFILE_ENTITY[user.role];
      const profile = entity ? await tx.findOneByOrFail(entity as typeof MentorProfile, { id }) : {};
      await this.checkUnique(tx, user.role, id, dto);

      const before: Record<string, unknown> = {};
      const after: Record<string, unknown> = {};
      const userChanges: Partial<User> = {};
      const profileChanges: Record<string, unknown> = {};
      for (const key of given) {
        const value = key === 'parentInfo' ? { ...dto.parentInfo } : dto[key];
        if (USER_FIELDS.has(key)) {
          before[key] = user[key as 'fullName' | 'phone'];
          (userChanges as Record<string, unknown>)[key] = value;
        } else {
          const column = COLUMN[key] ?? key;
          before[key] = (profile as unknown as Record<string, unknown>)[column];
          profileChanges[column] = value;
        }
        after[key] = value;
      }
      if (Object.keys(userChanges).length) await tx.update(User, { id }, userChanges);
      if (entity && Object.keys(profileChanges).length) await tx.update(entity, { id }, profileChanges as never);
      const changes = diff(before, after);
      if (Object.keys(changes).length) await this.audit.record(tx, actor, 'user.profile.update', label(user), changes);
    });
    return this.detail(id);
  }

  async toggleStatus(id: string, actor: AuthUser): Promise<AdminUserDetail> {
    if (id === actor.id) throw UserException.ownAccount('deactivate');
    await this.db.transaction(async (tx) => {
      const user = await this.mustFind(tx, id);
      const isActive = !user.isActive;
      await tx.update(User, { id }, { isActive });
      // Deactivation ends every session of the account at once: tokens and sockets.
      if (!isActive) await this.sessions.endSessions(id, tx);
      await this.audit.record(tx, actor, isActive ? 'user.activate' : 'user.deactivate', label(user), {
        isActive: { from: user.isActive, to: isActive },
      });
    });
    return this.detail(id);
  }

  /** Designates an admin as a safeguarding lead, or stops; only admins can be. */
  async setSafeguardingLead(id: string, lead: boolean, actor: AuthUser): Promise<AdminUserDetail> {
    await this.db.transaction(async (tx) => {
      const user = await this.mustFind(tx, id);
      if (user.role !== 'admin') throw UserException.leadMustBeAdmin();
      if (user.safeguardingLead === lead) return;
      await tx.update(User, { id }, { safeguardingLead: lead });
      await this.audit.record(tx, actor, 'user.safeguarding-lead', label(user), {
        safeguardingLead: { from: user.safeguardingLead, to: lead },
      });
    });
    return this.detail(id);
  }

  /** A self-registered mentor may sign in once an admin approves. */
  async approve(id: string, actor: AuthUser): Promise<AdminUserDetail> {
    await this.db.transaction(async (tx) => {
      const user = await this.mustFind(tx, id);
      if (!user.pendingApproval) throw UserException.notPending();
      await tx.update(User, { id }, { pendingApproval: false, isActive: true });
      await this.audit.record(tx, actor, 'user.approve', label(user), {
        pendingApproval: { from: true, to: false },
        isActive: { from: user.isActive, to: true },
      });
    });
    return this.detail(id);
  }

  /** Declining a sign-up removes the account, as deletion does. */
  async decline(id: string, actor: AuthUser): Promise<DeleteUserResponse> {
    const res = await this.removeAccount(id, actor, 'user.decline', (user) => {
      if (!user.pendingApproval) throw UserException.notPending();
    });
    return { ...res, message: 'Sign-up declined and account removed' };
  }

  /**
   * Deletes the account and what belongs to it, in one transaction: each module removes its own rows (a mentor's
   * groups and their chats, a mentee's attendance, leaves and grievances, the person's messages, announcements, likes
   * and comments); the answer says what went. A mentor's mentees are kept and become unassigned; leaves the person
   * decided keep their decision but lose the name.
   */
  async remove(id: string, actor: AuthUser): Promise<DeleteUserResponse> {
    if (id === actor.id) throw UserException.ownAccount('delete');
    const user = await this.mustFind(this.db.manager, id);
    if (user.role === 'mentee' && !user.pendingApproval) return this.erase(id, actor);
    return this.removeAccount(id, actor, 'user.delete');
  }

  /**
   * What erasing a student would keep under a legal hold, and others' free text that names them (for the admin to
   * review; erasure leaves it as written). Reads only.
   */
  async erasurePreview(id: string): Promise<ErasurePreview> {
    const subject = await this.subject(this.db.manager, id);
    const profile = await this.mentees.findOneByOrFail({ id });
    const mentions = await this.erasure.mentions(subject);
    return {
      student: { _id: id, fullName: subject.fullName, studentId: profile.studentId },
      holds: await this.erasure.holds(id, this.db.manager),
      mentions: mentions.slice(0, ERASURE_MENTIONS_MAX),
      mentionsTotal: mentions.length,
    };
  }

  /**
   * Erasure on request: the account goes as a deletion does, except what a legal hold keeps (each module's cleanup
   * keeps it); then every module anonymises the student's values left in its other rows (notifications, e-mails, the
   * audit log). One transaction; audited after, by id only.
   */
  private erase(id: string, actor: AuthUser): Promise<DeleteUserResponse> {
    return this.db.transaction(async (tx) => {
      const subject = await this.subject(tx, id);
      const held = await this.erasure.holds(id, tx);
      const res = await this.removeAccount(id, actor, 'user.erase', undefined, tx);
      const scrubbed = { ...(await this.erasure.scrub(subject, tx)), audit: await this.audit.erase(tx, subject) };
      await this.audit.record(
        tx,
        actor,
        'user.erase',
        { type: 'user', id, label: '' },
        {
          ...Object.fromEntries(Object.entries(res.removed).map(([k, v]) => [k, { from: v, to: 0 }])),
          ...Object.fromEntries(Object.entries(held).map(([k, v]) => [`held.${k}`, { from: v, to: v }])),
          ...Object.fromEntries(Object.entries(scrubbed).map(([k, v]) => [`anonymised.${k}`, { from: v, to: 0 }])),
        },
      );
      return { message: 'Student erased', removed: res.removed, held };
    });
  }

  /** The student's personal values (at least 4 characters: shorter ones would match ordinary words). */
  private async subject(tx: EntityManager, id: string): Promise<ErasureSubject> {
    const user = await this.mustFind(tx, id);
    const profile = user.role === 'mentee' ? await tx.findOneBy(MenteeProfile, { id }) : null;
    if (!profile) throw UserException.menteeNotFound();
    const values = [
      user.fullName,
      user.email,
      user.phone,
      profile.studentId,
      profile.address,
      profile.dateOfBirth ?? '',
      profile.medicalConditions,
      ...Object.values(profile.parentInfo ?? {}),
    ]
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim())
      .filter((v) => v.length >= 4);
    return { id, fullName: user.fullName, values: [...new Set(values)] };
  }

  private removeAccount(
    id: string,
    actor: AuthUser,
    action: 'user.delete' | 'user.decline' | 'user.erase',
    check: (user: User) => void = () => undefined,
    outer?: EntityManager,
  ): Promise<DeleteUserResponse> {
    const run = async (tx: EntityManager): Promise<DeleteUserResponse> => {
      const user = await this.mustFind(tx, id);
      check(user);
      await this.sessions.endSessions(id, tx);
      // First, before the other modules remove their rows: a mentor's mentees are kept and lose their mentor, as any
      // change of mentor does (audited, and out of that mentor's groups and rooms, by the 'mentor.changed' event).
      const unassigned =
        user.role === 'mentor'
          ? await this.profiles.changeMentors(
              tx,
              (await this.profiles.menteeIdsOf(user.id, tx)).map((menteeId) => ({ menteeId, mentorId: null })),
              actor,
            )
          : [];
      const removed = {
        ...(user.role === 'mentor' ? { menteesUnassigned: unassigned.length } : {}),
        ...(await this.cleanup.run({ id: user.id, role: user.role }, tx)),
      };
      if (user.role !== 'guardian') await tx.delete(PROFILE_ENTITY[user.role], { id });
      await tx.delete(User, { id });
      // An erasure writes its own entry, without the student's e-mail (the caller's).
      if (action !== 'user.erase')
        await this.audit.record(tx, actor, action, label(user), {
          email: { from: user.email, to: null },
          role: { from: user.role, to: null },
          ...Object.fromEntries(Object.entries(removed).map(([k, v]) => [k, { from: v, to: 0 }])),
        });
      return {
        message: 'User deleted successfully',
        removed: Object.fromEntries(Object.entries(removed).filter(([, v]) => v > 0)),
      };
    };
    return outer ? run(outer) : this.db.transaction(run);
  }

  private async mustFind(tx: EntityManager, id: string): Promise<User> {
    const user = await tx.findOneBy(User, { id });
    if (!user) throw UserException.notFound();
    return user;
  }

  private async checkUnique(tx: EntityManager, role: Role, id: string, dto: UpdateProfileDto): Promise<void> {
    if (dto.employeeId && role !== 'mentee') {
      const entity = role === 'admin' ? AdminProfile : MentorProfile;
      if (await tx.existsBy(entity, { employeeId: dto.employeeId, id: Not(id) }))
        throw UserException.idTaken('Employee ID', dto.employeeId);
    }
    if (
      dto.studentId &&
      role === 'mentee' &&
      (await tx.existsBy(MenteeProfile, { studentId: dto.studentId, id: Not(id) }))
    ) {
      throw UserException.idTaken('Student ID', dto.studentId);
    }
  }
}

const label = (u: User) => ({ type: 'user', id: u.id, label: `${u.fullName} <${u.email}>` });
