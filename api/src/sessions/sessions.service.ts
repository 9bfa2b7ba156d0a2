import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { Wired, assertWired } from '../common/wired';

/** Makes every token the user holds invalid (the users module bumps the account's tokenVersion). */
export type TokenRevoker = (userId: string, manager?: EntityManager) => Promise<void>;
/** Disconnects every socket of the user, or of one of their sessions, on every instance (the realtime gateway). */
export type SocketEnder = (whose: { user: string } | { session: string }) => void;

/**
 * Ends sessions. One session ends when its row goes (UserSessionsService, users module) and then its sockets here.
 * All of a user's sessions end at once on deactivation, deletion, role and password change. Tokens stop
 * working (their version no longer matches) and the user's sockets are disconnected everywhere. Inside a transaction
 * the sockets go when it commits, so that a rolled-back change leaves them connected and a reconnect cannot read the
 * old token version.
 *
 * This folder imports no module folder: the users module and the gateway register what they own (no import cycle).
 */
@Injectable()
export class SessionsService implements OnModuleInit, OnApplicationBootstrap {
  onApplicationBootstrap(): void {
    assertWired(this.revoker, this.socketEnder);
  }

  private readonly logger = new Logger('Sessions');
  private readonly revoker = new Wired<TokenRevoker>('the token revoker (users module)');
  private readonly socketEnder = new Wired<SocketEnder>('the socket ender (realtime module)');
  /** Users whose sockets go when the transaction of this query runner commits. */
  private readonly afterCommit = new WeakMap<QueryRunner, Set<string>>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  onModuleInit(): void {
    const subscriber: EntitySubscriberInterface = {
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return;
        const users = this.afterCommit.get(queryRunner);
        this.afterCommit.delete(queryRunner);
        users?.forEach((id) => this.disconnect(id));
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.afterCommit.delete(queryRunner);
      },
    };
    this.db.subscribers.push(subscriber);
  }

  useTokenRevoker(fn: TokenRevoker): void {
    this.revoker.set(fn);
  }

  useSocketEnder(fn: SocketEnder): void {
    this.socketEnder.set(fn);
  }

  async endSessions(userId: string, manager?: EntityManager): Promise<void> {
    await this.revoker.get()(userId, manager);
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) {
      const users = this.afterCommit.get(runner) ?? new Set<string>();
      users.add(userId);
      this.afterCommit.set(runner, users);
    } else {
      this.disconnect(userId);
    }
  }

  /** Sockets only (the account row is already gone or changed): used after the transaction that removed it. */
  disconnect(userId: string): void {
    this.endSockets({ user: userId });
  }

  /** The sockets of one session, whose row is already gone (one ended from the session list, or signed out). */
  disconnectSession(sessionId: string): void {
    this.endSockets({ session: sessionId });
  }

  private endSockets(whose: { user: string } | { session: string }): void {
    try {
      this.socketEnder.get()(whose);
    } catch (e) {
      this.logger.warn(`could not disconnect the sockets of ${JSON.stringify(whose)}: ${(e as Error).message}`);
    }
  }
}
