'use client';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@stagepass/shared';
import { getApiBase, getToken } from '@/lib/api';
import { useAppDispatch, useAppSelector } from '@/store';
import { setSocketStatus } from '@/store/socket';

type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
const SocketContext = createContext<AppSocket | null>(null);

/**
 * The one socket of the app (spec §7 "Real-time socket"): connected only while signed in, to the
 * API host with the token in its query; websocket, then polling; unlimited reconnection with a
 * delay of 1 s to 10 s; 'auth/login' {token} after every reconnect. Its status goes to the store
 * (`socket.status`, spec §4). socket.io-client is loaded on demand (not in the first-load bundle).
 * Features listen with `useSocketEvent`.
 */
export function SocketProvider({ children }: { children: ReactNode }) {
  const loggedIn = useAppSelector((s) => s.auth.loggedIn);
  const dispatch = useAppDispatch();
  const [socket, setSocket] = useState<AppSocket | null>(null);

  useEffect(() => {
    const token = getToken();
    if (!loggedIn || !token) {
      dispatch(setSocketStatus('initialized'));
      return;
    }
    let closed = false;
    let s: AppSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      const base = new URL(getApiBase());
      const sock: AppSocket = io(base.origin, {
        path: `${base.pathname.replace(/\/$/, '')}/socket.io`,
        query: { token },
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        reconnection: true,
        reconnectionAttempts: Infinity,
        reconnectionDelay: 1000,
        reconnectionDelayMax: 10_000,
      });
      s = sock;
      // Every (re)connection carries the current token (a password change issues a new one).
      sock.io.on('reconnect_attempt', () => {
        sock.io.opts.query = { token: getToken() ?? '' };
        dispatch(setSocketStatus('reconnecting'));
      });
      sock.io.on('reconnect', () => {
        const current = getToken();
        if (current) sock.emit('auth/login', { token: current });
      });
      sock.io.on('reconnect_failed', () => dispatch(setSocketStatus('failed')));
      sock.on('connect', () => dispatch(setSocketStatus('connected')));
      sock.on('connect_error', () => dispatch(setSocketStatus('failed')));
      // The node is shutting down (a restart): the next close is not about the session.
      let restarting: number | null = null;
      sock.on('server/restarting', ({ reconnectAfterMs }) => { restarting = reconnectAfterMs; });
      sock.on('disconnect', (reason) => {
        dispatch(setSocketStatus(restarting === null ? 'disconnect' : 'reconnecting'));
        // The server closed it: its node is going away (the hint above: reconnect after its delay,
        // jittered so a node's clients do not all arrive at once), or the session was revoked (e.g.
        // a password change that issued a new token): try once more with the token we now hold; a
        // revoked one is refused (failed). A failed attempt goes on with socket.io's backoff.
        if (reason === 'io server disconnect') {
          const delay = restarting === null ? 1000 : restarting * (0.5 + Math.random());
          restarting = null;
          retry = setTimeout(() => {
            const current = getToken();
            if (closed || !current) return;
            sock.io.opts.query = { token: current };
            sock.connect();
          }, delay);
        }
      });
      setSocket(sock);
    });
    return () => {
      closed = true;
      clearTimeout(retry);
      s?.removeAllListeners();
      s?.io.removeAllListeners();
      s?.disconnect();
      setSocket(null);
      dispatch(setSocketStatus('initialized'));
    };
  }, [loggedIn, dispatch]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}

/**
 * How to listen to each server event (typed per event, so no cast bridges a generic event name to
 * socket.io's listener types); the map must name every event of ServerToClientEvents.
 */
type Subscribers = { [E in keyof ServerToClientEvents]: (s: AppSocket, ref: { readonly current: ServerToClientEvents[E] }) => () => void };
const subscribers: Subscribers = {
  'server/restarting': (s, ref) => {
    const l: ServerToClientEvents['server/restarting'] = (e) => ref.current(e);
    s.on('server/restarting', l);
    return () => void s.off('server/restarting', l);
  },
  'media/status': (s, ref) => {
    const l: ServerToClientEvents['media/status'] = (e) => ref.current(e);
    s.on('media/status', l);
    return () => void s.off('media/status', l);
  },
  'notification/created': (s, ref) => {
    const l: ServerToClientEvents['notification/created'] = (e) => ref.current(e);
    s.on('notification/created', l);
    return () => void s.off('notification/created', l);
  },
  'notification/total-unread': (s, ref) => {
    const l: ServerToClientEvents['notification/total-unread'] = (e) => ref.current(e);
    s.on('notification/total-unread', l);
    return () => void s.off('notification/total-unread', l);
  },
  'wallet/balance': (s, ref) => {
    const l: ServerToClientEvents['wallet/balance'] = (e) => ref.current(e);
    s.on('wallet/balance', l);
    return () => void s.off('wallet/balance', l);
  },
  'feed/published': (s, ref) => {
    const l: ServerToClientEvents['feed/published'] = (e) => ref.current(e);
    s.on('feed/published', l);
    return () => void s.off('feed/published', l);
  },
  'message/created': (s, ref) => {
    const l: ServerToClientEvents['message/created'] = (e) => ref.current(e);
    s.on('message/created', l);
    return () => void s.off('message/created', l);
  },
  'message/deleted': (s, ref) => {
    const l: ServerToClientEvents['message/deleted'] = (e) => ref.current(e);
    s.on('message/deleted', l);
    return () => void s.off('message/deleted', l);
  },
  'message/seen': (s, ref) => {
    const l: ServerToClientEvents['message/seen'] = (e) => ref.current(e);
    s.on('message/seen', l);
    return () => void s.off('message/seen', l);
  },
  'message/typing': (s, ref) => {
    const l: ServerToClientEvents['message/typing'] = (e) => ref.current(e);
    s.on('message/typing', l);
    return () => void s.off('message/typing', l);
  },
  'message/total-unread': (s, ref) => {
    const l: ServerToClientEvents['message/total-unread'] = (e) => ref.current(e);
    s.on('message/total-unread', l);
    return () => void s.off('message/total-unread', l);
  },
  'block/changed': (s, ref) => {
    const l: ServerToClientEvents['block/changed'] = (e) => ref.current(e);
    s.on('block/changed', l);
    return () => void s.off('block/changed', l);
  },
  'stream/status': (s, ref) => {
    const l: ServerToClientEvents['stream/status'] = (e) => ref.current(e);
    s.on('stream/status', l);
    return () => void s.off('stream/status', l);
  },
  'stream/viewers': (s, ref) => {
    const l: ServerToClientEvents['stream/viewers'] = (e) => ref.current(e);
    s.on('stream/viewers', l);
    return () => void s.off('stream/viewers', l);
  },
  'stream/updated': (s, ref) => {
    const l: ServerToClientEvents['stream/updated'] = (e) => ref.current(e);
    s.on('stream/updated', l);
    return () => void s.off('stream/updated', l);
  },
  'stream/ended': (s, ref) => {
    const l: ServerToClientEvents['stream/ended'] = (e) => ref.current(e);
    s.on('stream/ended', l);
    return () => void s.off('stream/ended', l);
  },
  'stream/kicked': (s, ref) => {
    const l: ServerToClientEvents['stream/kicked'] = (e) => ref.current(e);
    s.on('stream/kicked', l);
    return () => void s.off('stream/kicked', l);
  },
  'stream/balance-low': (s, ref) => {
    const l: ServerToClientEvents['stream/balance-low'] = (e) => ref.current(e);
    s.on('stream/balance-low', l);
    return () => void s.off('stream/balance-low', l);
  },
  'stream/private-request': (s, ref) => {
    const l: ServerToClientEvents['stream/private-request'] = (e) => ref.current(e);
    s.on('stream/private-request', l);
    return () => void s.off('stream/private-request', l);
  },
  'stream-message/created': (s, ref) => {
    const l: ServerToClientEvents['stream-message/created'] = (e) => ref.current(e);
    s.on('stream-message/created', l);
    return () => void s.off('stream-message/created', l);
  },
  'stream-message/deleted': (s, ref) => {
    const l: ServerToClientEvents['stream-message/deleted'] = (e) => ref.current(e);
    s.on('stream-message/deleted', l);
    return () => void s.off('stream-message/deleted', l);
  },
  'stream-message/cleared': (s, ref) => {
    const l: ServerToClientEvents['stream-message/cleared'] = (e) => ref.current(e);
    s.on('stream-message/cleared', l);
    return () => void s.off('stream-message/cleared', l);
  },
  'auth/result': (s, ref) => {
    const l: ServerToClientEvents['auth/result'] = (e) => ref.current(e);
    s.on('auth/result', l);
    return () => void s.off('auth/result', l);
  },
};

/** Calls `handler` for each `event` the server sends while the socket is up (the latest handler, without resubscribing). */
export function useSocketEvent<E extends keyof ServerToClientEvents>(event: E, handler: ServerToClientEvents[E]) {
  const socket = useContext(SocketContext);
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => (socket ? subscribers[event](socket, ref) : undefined), [socket, event]);
}

/** What a client may send (typed by ClientToServerEvents): one argument per event. */
type ClientEmit = <E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>) => void;

/**
 * A function that sends a client event while the socket is up (dropped while it is not: rooms are
 * joined again by their users when the status comes back to `connected`). Stable while the socket is.
 */
export function useSocketEmit(): ClientEmit {
  const socket = useContext(SocketContext);
  return useCallback<ClientEmit>(
    (event, ...args) => {
      if (socket?.connected) socket.emit(event, ...args);
    },
    [socket],
  );
}

/** The socket's connection status (spec §4). */
export function useSocketStatus() {
  return useAppSelector((s) => s.socket.status);
}
