import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JwtService } from '@nestjs/jwt';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
} from '@nestjs/websockets';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import {
  formatConversationId,
  parseConversationId,
  type ClientToServerEvents,
  type ConversationRef,
  type ServerToClientEvents,
} from '@portal/contracts';
import type { JwtPayload } from '../auth/jwt-payload';
import { AuthService } from '../auth/auth.service';
import type { AuthUser } from '../common/auth-user';
import { isRecordId } from '../common/record-id';
import { SessionsService } from '../sessions/sessions.service';
import { MetricsService } from '../observability/metrics.service';
import { Realtime } from './realtime.service';
import { feedRoom, groupRoom, roleRoom, sessionRoom, userFeedRoom, userRoom } from './rooms';

/** Per socket: the user, and the last typing state it sent for each conversation (repeats are dropped). */
interface SocketData {
  user: AuthUser;
  typing?: Map<string, { isTyping: boolean; at: number }>;
  /** The socket's typing events still being relayed, in order. */
  typingQueue?: Promise<void>;
  /** How many announcement feeds the socket's page shows (watchAnnouncements less unwatchAnnouncements). */
  feeds?: number;
}
export type PortalServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type PortalSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** Feeds one socket may count (a page shows one or two); more is a misbehaving client. */
const MAX_FEEDS_PER_SOCKET = 20;

/** Answers whether a user belongs to a conversation, and who else does (provided by the messages module). */
export type ConversationAccess = (user: AuthUser, ref: ConversationRef) => Promise<{ participants: string[] } | null>;
/** A guardian's handshake is refused: nothing live is theirs yet (never chat). */
export const GUARDIAN_NO_SOCKET = 'Live updates are not available to guardian accounts.';

/** Sockets one user may have open on one instance: a further handshake is refused (the client's connect_error). */
export const MAX_SOCKETS_PER_USER = 10;
const TOO_MANY_SOCKETS = 'Too many connections for this account. Close another tab and try again.';
/** A typing state a socket already sent for a conversation is not relayed again within this time. */
const TYPING_REPEAT_MS = 3000;

/**
 * The live connection. The JWT in the handshake authenticates it, checked against the user like any HTTP call;
 * each socket joins its user's room so that events can be addressed to people, not sockets.
 */
@WebSocketGateway({ path: '/socket.io', cors: false, maxHttpBufferSize: 64 * 1024 })
export class RealtimeGateway implements OnGatewayInit, OnModuleDestroy {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server: PortalServer;
  private access: ConversationAccess = async () => null;
  /** A user flooding events is slowed down: 40 events per 10 seconds per user, however many sockets they open. */
  private readonly flood = new RateLimiterMemory({ keyPrefix: 'socket-user', points: 40, duration: 10 });
  /** Sockets each user has open on this instance (at most MAX_SOCKETS_PER_USER). */
  private readonly socketsOf = new Map<string, number>();
  private recheckTimer?: NodeJS.Timeout;
  private rechecking = false;

  useConversationAccess(fn: ConversationAccess): void {
    this.access = fn;
  }

  constructor(
    private readonly jwt: JwtService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    sessions: SessionsService,
    private readonly metrics: MetricsService,
    private readonly realtime: Realtime,
  ) {
    // Through the adapter this reaches the user's sockets on every instance.
    sessions.useSocketEnder((whose) =>
      this.server?.in('user' in whose ? userRoom(whose.user) : sessionRoom(whose.session)).disconnectSockets(true),
    );
  }

  /** Browsers may connect from the portal's own origin or a configured one (CORS_ORIGINS); others are refused. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      return new URL(origin).host === req.headers.host || this.config.corsOrigins.includes(origin);
    } catch {
      return false;
    }
  }

  afterInit(server: PortalServer): void {
    // Events leave through Realtime.emit, which needs the server.
    this.realtime.attach(server);
    this.metrics.gauge(
      'socket_connections',
      'Open socket.io connections on this instance',
      () => server.engine.clientsCount,
    );
    server.engine.opts.allowRequest = (req, callback) =>
      callback(this.originAllowed(req) ? null : 'Origin not allowed', this.originAllowed(req));
    server.use(async (socket: Socket, next) => {
      const token = socket.handshake.auth?.token;
      try {
        if (typeof token !== 'string' || !token) throw new Error('missing token');
        const payload = await this.jwt.verifyAsync<JwtPayload>(token);
        const user = await this.auth.resolveTokenUser(payload, {
          address: socket.handshake.address || null,
          userAgent: socket.handshake.headers['user-agent'] ?? null,
        });
        if (!user) throw new Error('session ended');
        // Chat and the staff's live lists are not a guardian's: their pages ask the API (refused before any room).
        if (user.role === 'guardian') return next(new Error(GUARDIAN_NO_SOCKET));
        socket.data.user = user;
        // Counted before the first await below, so that handshakes racing each other cannot all pass.
        const open = this.socketsOf.get(user.id) ?? 0;
        if (open >= MAX_SOCKETS_PER_USER) {
          this.logger.debug?.(`refused socket: ${user.id} has ${open} open`);
          return next(new Error(TOO_MANY_SOCKETS));
        }
        this.socketsOf.set(user.id, open + 1);
        socket.once('disconnect', () => {
          const left = (this.socketsOf.get(user.id) ?? 1) - 1;
          if (left > 0) this.socketsOf.set(user.id, left);
          else this.socketsOf.delete(user.id);
        });
        await socket.join([userRoom(user.id), sessionRoom(user.sid!), roleRoom(user.role)]);
        next();
      } catch (e) {
        this.logger.debug?.(`refused socket: ${(e as Error).message}`);
        next(new Error('Authentication required. Please sign in.'));
      }
    });
    if (this.config.socketRecheckMs > 0) {
      const recheck = () =>
        this.recheckSessions().catch((e: Error) => this.logger.warn(`socket session re-check: ${e.message}`));
      this.recheckTimer = setInterval(() => void recheck(), this.config.socketRecheckMs);
      this.recheckTimer.unref();
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.recheckTimer);
  }

  /**
   * Disconnects this instance's sockets whose session has ended (signed out, deactivated, deleted, password or role
   * changed), checked like a handshake; answers how many went. A session ended elsewhere disconnects its sockets on
   * every instance through Redis: this catches those it missed while Redis was unreachable (every SOCKET_RECHECK_MS).
   */
  async recheckSessions(): Promise<number> {
    if (this.rechecking || !this.server) return 0;
    this.rechecking = true;
    try {
      const byToken = new Map<string, PortalSocket[]>();
      for (const socket of this.server.sockets.sockets.values()) {
        const token: unknown = socket.handshake.auth?.token;
        if (typeof token === 'string') byToken.set(token, [...(byToken.get(token) ?? []), socket]);
      }
      let ended = 0;
      for (const [token, sockets] of byToken) {
        if (!(await this.sessionEnded(token))) continue;
        for (const socket of sockets) socket.disconnect(true);
        ended += sockets.length;
      }
      if (ended) this.logger.log(`disconnected ${ended} socket(s) of ended sessions`);
      return ended;
    } finally {
      this.rechecking = false;
    }
  }

  /** Whether the token's session has ended; a check that cannot be made (database unreachable) ends nothing. */
  private async sessionEnded(token: string): Promise<boolean> {
    let payload: JwtPayload;
    try {
      // The token was valid at the handshake; its expiry is not what is checked here (as before: the version, the account).
      payload = await this.jwt.verifyAsync<JwtPayload>(token, { ignoreExpiration: true });
    } catch {
      return true;
    }
    try {
      return (await this.auth.resolveTokenUser(payload)) === null;
    } catch (e) {
      this.logger.warn(`could not check a socket's session: ${(e as Error).message}`);
      return false;
    }
  }

  /** A member (checked here, on the server) joins the group's room while the conversation is open: typing goes there. */
  @SubscribeMessage('joinGroup')
  async joinGroup(
    @ConnectedSocket() socket: PortalSocket,
    @MessageBody() groupId: unknown,
  ): Promise<{ ok: boolean; error?: string }> {
    if (!(await this.allowed(socket))) return { ok: false, error: 'Too many events; slow down' };
    if (!isRecordId(groupId)) return { ok: false, error: 'Invalid group id' };
    const conv = await this.access(socket.data.user, { type: 'group', id: groupId }).catch(() => null);
    if (!conv) return { ok: false, error: 'You are not a member of this group' };
    await socket.join(groupRoom(groupId));
    return { ok: true };
  }

  @SubscribeMessage('leaveGroup')
  async leaveGroup(@ConnectedSocket() socket: PortalSocket, @MessageBody() groupId: unknown): Promise<void> {
    if (typeof groupId === 'string') await socket.leave(groupRoom(groupId));
  }

  /**
   * Relayed, as one packet, to whoever can show it: the other person of an individual chat, or the members who have
   * the group open (its room). The sender must belong to the conversation; repeats of the same state are dropped.
   */
  @SubscribeMessage('typing')
  typing(@ConnectedSocket() socket: PortalSocket, @MessageBody() payload: unknown): Promise<void> {
    // One socket's typing events are relayed in the order it sent them: each waits for a membership check, and a
    // "stopped" overtaking a "started" would leave the other person seeing a typist who has stopped.
    const previous = socket.data.typingQueue ?? Promise.resolve();
    const next = previous.then(() => this.relayTyping(socket, payload)).catch(() => undefined);
    socket.data.typingQueue = next;
    return next;
  }

  private async relayTyping(socket: PortalSocket, payload: unknown): Promise<void> {
    if (!(await this.allowed(socket))) return;
    const p = payload as { conversationId?: unknown; isTyping?: unknown } | null;
    if (!p || typeof p.conversationId !== 'string' || typeof p.isTyping !== 'boolean' || p.conversationId.length > 60)
      return;
    const ref = parseConversationId(p.conversationId);
    if (!ref || !isRecordId(ref.id) || this.isRepeat(socket, p.conversationId, p.isTyping)) return;
    const user = socket.data.user;
    if (!(await this.access(user, ref).catch(() => null))) return;
    const event = { userId: user.id, fullName: user.fullName, isTyping: p.isTyping };
    if (ref.type === 'group') {
      this.realtime.emit({ groups: [ref.id], except: [user.id] }, 'typing', {
        conversationId: formatConversationId(ref),
        ...event,
      });
    } else {
      // The other person names the chat after the sender.
      this.realtime.emit({ users: [ref.id] }, 'typing', {
        conversationId: formatConversationId({ type: 'individual', id: user.id }),
        ...event,
      });
    }
  }

  private isRepeat(socket: PortalSocket, conversationId: string, isTyping: boolean): boolean {
    // A time since, not a moment: the monotonic clock.
    const now = performance.now();
    const sent = (socket.data.typing ??= new Map());
    const last = sent.get(conversationId);
    if (last && last.isTyping === isTyping && now - last.at < TYPING_REPEAT_MS) return true;
    sent.set(conversationId, { isTyping, at: now });
    return false;
  }

  private async allowed(socket: PortalSocket): Promise<boolean> {
    try {
      await this.flood.consume(socket.data.user.id);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The page shows an announcements feed: the socket receives its likes and comments (feed rooms of its own role and
   * of its user: an author, a recipient). Counted per socket, so that two feeds on one page unwatch independently; a
   * reconnected socket starts from none and its feeds watch again.
   */
  @SubscribeMessage('watchAnnouncements')
  async watchAnnouncements(@ConnectedSocket() socket: PortalSocket): Promise<void> {
    if (!(await this.allowed(socket))) return;
    const feeds = socket.data.feeds ?? 0;
    if (feeds >= MAX_FEEDS_PER_SOCKET) return;
    socket.data.feeds = feeds + 1;
    if (!feeds) await socket.join([feedRoom(socket.data.user.role), userFeedRoom(socket.data.user.id)]);
  }

  @SubscribeMessage('unwatchAnnouncements')
  async unwatchAnnouncements(@ConnectedSocket() socket: PortalSocket): Promise<void> {
    const feeds = socket.data.feeds ?? 0;
    if (!feeds) return;
    socket.data.feeds = feeds - 1;
    if (feeds === 1)
      await Promise.all([
        socket.leave(feedRoom(socket.data.user.role)),
        socket.leave(userFeedRoom(socket.data.user.id)),
      ]);
  }

  /** Takes these users' sockets (every socket, without users) out of a group's room: they left the group, or it closed. */
  leaveGroupRoom(groupId: string, userIds?: string[]): void {
    if (!this.server || userIds?.length === 0) return;
    // Like a push, it never fails the request that left the group (the change itself is committed).
    try {
      this.server.in(userIds ? userIds.map(userRoom) : groupRoom(groupId)).socketsLeave(groupRoom(groupId));
    } catch (e) {
      this.logger.warn(`could not send a group room leave: ${(e as Error).message}`);
    }
  }
}
