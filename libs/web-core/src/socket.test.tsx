import { render, waitFor } from '@testing-library/react';
import { getSocket, onSocket, SocketProvider } from './socket';

import { fakeSockets as made, type FakeSocket } from '../testing/fakeSocket';

jest.mock('socket.io-client', () => jest.requireActual('../testing/fakeSocket').fakeSocketModule);

describe('onSocket', () => {
  it('attaches to the live connection, moves to a new one on another sign-in, and lets go on sign-out', async () => {
    const seen: string[] = [];
    const stop = onSocket((socket) => {
      const fn = () => undefined;
      seen.push(`attach ${(socket as unknown as FakeSocket).token}`);
      socket.on('newMessage', fn);
      return () => {
        seen.push(`detach ${(socket as unknown as FakeSocket).token}`);
        socket.off('newMessage', fn);
      };
    });
    expect(seen).toEqual([]); // signed out: nothing to attach to

    // The provider loads the client before it connects: the attach follows.
    const view = render(<SocketProvider token="t1">x</SocketProvider>);
    await waitFor(() => expect(seen).toEqual(['attach t1']));
    expect(made[0].listeners.get('newMessage')?.size).toBe(1);

    view.rerender(<SocketProvider token="t2">x</SocketProvider>);
    await waitFor(() => expect(seen).toEqual(['attach t1', 'detach t1', 'attach t2']));
    expect(made[0].disconnected).toBe(true);
    expect(getSocket()).toBe(made[1]);

    view.rerender(<SocketProvider token={null}>x</SocketProvider>);
    await waitFor(() => expect(seen).toEqual(['attach t1', 'detach t1', 'attach t2', 'detach t2']));
    expect(getSocket()).toBeNull();

    stop();
    view.rerender(<SocketProvider token="t3">x</SocketProvider>);
    // Once the new connection is the live one, an attach would have run (it runs as the connection is set).
    await waitFor(() => expect(getSocket()).toBe(made[2]));
    expect(seen).toHaveLength(4); // stopped: the next connection is not touched
    expect(made[2].listeners.get('newMessage')?.size ?? 0).toBe(0);
  });
});
