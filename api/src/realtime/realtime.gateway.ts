import { Logger } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { ClientToServerEvents, Role, ServerToClientEvents } from '@portal/contracts';
import type { AuthUser, JwtPayload } from '../auth/auth-user';
import { AuthService } from '../auth/auth.service';

export type PortalServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: AuthUser }>;
export const userRoom = (userId: string) => `user:${userId}`;
export const roleRoom = (role: Role) => `role:${role}`;

/**
 * The live connection. The JWT in the handshake authenticates it, checked against the user like any HTTP call;
 * each socket joins its user's room so that events can be addressed to people, not sockets.
 */
@WebSocketGateway({ path: '/socket.io', cors: false, maxHttpBufferSize: 64 * 1024 })
export class RealtimeGateway implements OnGatewayInit {
  private readonly logger = new Logger('Realtime');
  @WebSocketServer() server: PortalServer;

  constructor(private readonly jwt: JwtService, private readonly auth: AuthService) {}

  afterInit(server: PortalServer): void {
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

  /** Sends an event to every connected user of these roles, and to these users. */
  emit<E extends keyof ServerToClientEvents>(to: { roles?: Role[]; users?: string[] }, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    const rooms = [...(to.roles ?? []).map(roleRoom), ...(to.users ?? []).map(userRoom)];
    if (!rooms.length || !this.server) return;
    this.server.to(rooms).emit(event, ...args);
  }
}
