import { Inject, Logger } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JwtService } from '@nestjs/jwt';
import { ConnectedSocket, MessageBody, OnGatewayInit, SubscribeMessage, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Role, ServerToClientEvents } from '@portal/contracts';
import type { AuthUser, JwtPayload } from '../auth/auth-user';
import { AuthService } from '../auth/auth.service';

export type PortalServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: AuthUser }>;
export const userRoom = (userId: string) => `user:${userId}`;
export const roleRoom = (role: Role) => `role:${role}`;
export const groupRoom = (groupId: string) => `group:${groupId}`;

/** Answers whether a user belongs to a conversation, and who else does (provided by the messages module). */
export type ConversationAccess = (user: AuthUser, type: 'group' | 'individual', id: string) => Promise<{ participants: string[] } | null>;
const GROUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The live connection. The JWT in the handshake authenticates it, checked against the user like any HTTP call;
 * each socket joins its user's room so that events can be addressed to people, not sockets.
 */
@WebSocketGateway({ path: '/socket.io', cors: false, maxHttpBufferSize: 64 * 1024 })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server: PortalServer;
  private access: ConversationAccess = async () => null;
  /** A client flooding events is slowed down: 40 events per 10 seconds per socket. */
  private readonly flood = new RateLimiterMemory({ keyPrefix: 'socket', points: 40, duration: 10 });

  useConversationAccess(fn: ConversationAccess): void {
    this.access = fn;
  }

  constructor(private readonly jwt: JwtService, private readonly auth: AuthService, @Inject(APP_CONFIG) private readonly config: AppConfig) {}

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
    server.engine.opts.allowRequest = (req, callback) => callback(this.originAllowed(req) ? null : 'Origin not allowed', this.originAllowed(req));
    server.use(async (socket: Socket, next) => {
      const token = socket.handshake.auth?.token;
      try {
        if (typeof token !== 'string' || !token) throw new Error('missing token');
        const payload = await this.jwt.verifyAsync<JwtPayload>(token);
        const user = await this.auth.resolveTokenUser(payload);
        if (!user) throw new Error('session ended');
        socket.data.user = user;
        await socket.join([userRoom(user.id), roleRoom(user.role)]);
        next();
      } catch (e) {
        this.logger.debug?.(`refused socket: ${(e as Error).message}`);
        next(new Error('Authentication required. Please sign in.'));
      }
    });
  }

  @SubscribeMessage('joinGroup')
  async joinGroup(@ConnectedSocket() socket: Socket, @MessageBody() groupId: unknown): Promise<{ ok: boolean; error?: string }> {
    if (!(await this.allowed(socket))) return { ok: false, error: 'Too many events; slow down' };
    if (typeof groupId !== 'string' || !GROUP_ID.test(groupId)) return { ok: false, error: 'Invalid group id' };
    const conv = await this.access(socket.data.user, 'group', groupId).catch(() => null);
    if (!conv) return { ok: false, error: 'You are not a member of this group' };
    await socket.join(groupRoom(groupId));
    return { ok: true };
  }

  @SubscribeMessage('leaveGroup')
  async leaveGroup(@ConnectedSocket() socket: Socket, @MessageBody() groupId: unknown): Promise<void> {
    if (typeof groupId === 'string') await socket.leave(groupRoom(groupId));
  }

  /** Relayed to the other participants of the conversation, never to outsiders. */
  @SubscribeMessage('typing')
  async typing(@ConnectedSocket() socket: Socket, @MessageBody() payload: unknown): Promise<void> {
    if (!(await this.allowed(socket))) return;
    const p = payload as { conversationId?: unknown; isTyping?: unknown } | null;
    if (!p || typeof p.conversationId !== 'string' || typeof p.isTyping !== 'boolean' || p.conversationId.length > 60) return;
    const individual = p.conversationId.startsWith('individual_');
    const id = p.conversationId.replace(/^individual_/, '');
    if (!GROUP_ID.test(id)) return;
    const user: AuthUser = socket.data.user;
    const conv = await this.access(user, individual ? 'individual' : 'group', id).catch(() => null);
    if (!conv) return;
    for (const other of conv.participants.filter((u) => u !== user.id)) {
      this.server.to(userRoom(other)).emit('typing', {
        conversationId: individual ? `individual_${user.id}` : id, userId: user.id, fullName: user.fullName, isTyping: p.isTyping,
      });
    }
  }

  private async allowed(socket: Socket): Promise<boolean> {
    try {
      await this.flood.consume(socket.id);
      return true;
    } catch {
      return false;
    }
  }

  /** Sends an event to every connected user of these roles, and to these users. */
  emit<E extends keyof ServerToClientEvents>(to: { roles?: Role[]; users?: string[] }, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    const rooms = [...(to.roles ?? []).map(roleRoom), ...(to.users ?? []).map(userRoom)];
    if (!rooms.length || !this.server) return;
    this.server.to(rooms).emit(event, ...args);
  }
}
