import { Injectable, Logger } from '@nestjs/common';
import type { ResyncEvent, Role, ServerToClientEvents } from '@portal/contracts';
import type { PortalServer } from './realtime.gateway';
import { feedRoom, groupRoom, roleRoom, userFeedRoom, userRoom } from './rooms';

/** What an event of the contract carries (each has one argument). */
export type EventPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/**
 * Who an event is for, on every instance (through the Redis adapter). The rooms are one list: a socket in several of
 * them (a user of a role named too) receives the event once.
 */
export interface Audience {
  /** These users' sockets. */
  users?: string[];
  /** Every socket of these roles. */
  roles?: Role[];
  /**
   * Sockets showing an announcements feed (watchAnnouncements) of these roles' audience, and of these users (its author,
   * the recipients of a targeted one): likes and comments, which only a feed shows, need not reach every open page.
   */
  feeds?: { roles?: Role[]; users?: string[] };
  /** Sockets that have these groups' chats open (joinGroup). */
  groups?: string[];
  /** Less these users' sockets (a typist is not told of their own typing). */
  except?: string[];
}

/**
 * The one way the API sends a socket event: `emit(audience, event, payload)`, typed by the contract's
 * ServerToClientEvents. Modules inject it (notifications, which the realtime module imports, is handed it at start);
 * the gateway relays typing through it. Outside api/src/realtime nothing calls socket.io's emit (lint).
 */
@Injectable()
export class Realtime {
  private readonly logger = new Logger('Realtime');
  private server?: PortalServer;

  /** The gateway's server, once socket.io has made it (afterInit): before that no socket can be reached. */
  attach(server: PortalServer): void {
    this.server = server;
  }

  emit<E extends keyof ServerToClientEvents>(to: Audience, event: E, payload: EventPayload<E>): void {
    const rooms = [
      ...(to.roles ?? []).map(roleRoom),
      ...(to.users ?? []).map(userRoom),
      ...(to.feeds?.roles ?? []).map(feedRoom),
      ...(to.feeds?.users ?? []).map(userFeedRoom),
      ...(to.groups ?? []).map(groupRoom),
    ];
    if (!rooms.length) return;
    const except = (to.except ?? []).map(userRoom);
    this.send(event, payload, (server) => (except.length ? server.to(rooms).except(except) : server.to(rooms)));
  }

  /**
   * Redis is back (the adapter): this instance's sockets may have missed other instances' events meanwhile, so they
   * refetch. Only this instance's: the others' sockets missed nothing.
   */
  resyncHere(event: ResyncEvent): void {
    this.send('resync', event, (server) => server.local);
  }

  /**
   * The one call of socket.io's emit. A push that cannot go out never fails the request or job that sent it (the
   * change itself is committed).
   */
  private send<E extends keyof ServerToClientEvents>(
    event: E,
    payload: EventPayload<E>,
    target: (server: PortalServer) => ReturnType<PortalServer['to']>,
  ): void {
    if (!this.server) return;
    try {
      target(this.server).emit(event, ...([payload] as Parameters<ServerToClientEvents[E]>));
    } catch (e) {
      this.logger.warn(`could not send ${event}: ${(e as Error).message}`);
    }
  }
}
