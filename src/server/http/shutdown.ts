/**
 * Graceful shutdown of an HTTP server (ADR 013). `drain()`:
 *
 *  1. stops listening once no connection came in for `acceptMs` (over three
 *     checks, at most `maxAcceptMs`): connections a client opened before the
 *     signal may still wait in the listen queue while rendering keeps the
 *     event loop busy, and closing the listener would reset them;
 *  2. answers every request already received or still arriving on an open
 *     connection, with `Connection: close`, so each keep-alive connection
 *     closes after its current response;
 *  3. closes a connection once it was seen idle for `idleMs` and over three
 *     checks with the event loop reading sockets in between (a request sent
 *     just before the signal is read first, even when rendering kept the
 *     loop busy), and at the deadline whatever is left.
 *
 * Node's own `server.close()` closes idle connections at once, which resets
 * a request the client has sent but the server has not read yet: hence
 * `net.Server.prototype.close` here.
 */
import type { Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

interface SocketState {
  active: Set<ServerResponse>;
  /** Requests received on the connection so far. */
  requests: number;
  /** While draining: since when (and over how many checks) it was seen idle with no new request. */
  idle?: { requests: number; checks: number; since: number };
}

export interface Drainer {
  /** True once drain() was called. */
  readonly draining: boolean;
  /** Resolves once every connection is closed (or the deadline passed). */
  drain(opts?: { acceptMs?: number; maxAcceptMs?: number; idleMs?: number; deadline?: number }): Promise<void>;
}

export function trackConnections(server: Server): Drainer {
  const sockets = new Map<Socket, SocketState>();
  let draining = false;
  let accepted = 0;

  server.on('connection', (socket: Socket) => {
    accepted += 1;
    sockets.set(socket, { active: new Set(), requests: 0 });
    socket.once('close', () => sockets.delete(socket));
  });
  // Before the site's handler: a request that arrives while draining closes its connection after its answer.
  server.prependListener('request', (req, res: ServerResponse) => {
    const state = sockets.get(req.socket);
    if (draining) res.shouldKeepAlive = false;
    if (!state) return;
    state.requests += 1;
    state.active.add(res);
    res.once('close', () => state.active.delete(res));
  });

  return {
    get draining() {
      return draining;
    },
    async drain({ acceptMs = 200, maxAcceptMs = 2000, idleMs = 300, deadline = Date.now() + 8000 } = {}) {
      draining = true;
      const started = Date.now();
      for (const state of sockets.values()) {
        for (const res of state.active) if (!res.headersSent) res.shouldKeepAlive = false;
      }
      let closed: Promise<void> | undefined;
      let quiet = { accepted, checks: 0, since: started };
      while (Date.now() < deadline && !(closed && sockets.size === 0)) {
        const now = Date.now();
        if (!closed) {
          if (accepted !== quiet.accepted) quiet = { accepted, checks: 0, since: now };
          else quiet.checks += 1;
          if ((quiet.checks >= 3 && now - quiet.since >= acceptMs) || now - started >= maxAcceptMs) {
            closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
          }
        }
        for (const [socket, state] of sockets) {
          if (state.active.size > 0) {
            delete state.idle;
            continue;
          }
          if (state.idle?.requests === state.requests) state.idle.checks += 1;
          else state.idle = { requests: state.requests, checks: 1, since: now };
          if (state.idle.checks >= 3 && now - state.idle.since >= idleMs) socket.destroy();
        }
        // A timer, not setImmediate: the poll phase (reading sockets) runs between two checks.
        await new Promise((r) => setTimeout(r, 25));
      }
      closed ??= new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
    },
  };
}
