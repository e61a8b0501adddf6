import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * What happens to the rest of an upload's body once receiveMultipart (uploads.ts) refused it, so
 * the client always gets the answer (issue 25 F7; apps/api/README.md: "A refused upload still
 * reaches the client").
 */

/** How much more of a refused upload's body is still read (and dropped) before the answer. */
export const UPLOAD_DRAIN_CAP_BYTES = 64 * 1024 * 1024;

/** Requests whose refusal came before the end of a body larger than the drain cap. */
const closeAfterAnswer = new WeakSet<FastifyRequest>();

/**
 * An upload refused while its body is still arriving (wrong type after the first few KB, over
 * the size limit, a bad field…) is answered only once the rest of the body was read and dropped,
 * up to UPLOAD_DRAIN_CAP_BYTES more: a server that answers and closes while the client is still
 * sending makes the client's TCP stack see a reset, and the client loses the answer (F7). Past
 * the cap the request is marked: its answer carries `Connection: close` (registerUploadRefusals),
 * and the connection ends after it with a lingering close (below).
 */
export async function settleRefusedBody(req: FastifyRequest): Promise<void> {
  const raw = req.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return;
  raw.unpipe();
  const whole = await new Promise<boolean>((resolve) => {
    let dropped = 0;
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > UPLOAD_DRAIN_CAP_BYTES) done(false);
    };
    const done = (read: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('close', onClose).off('error', onClose);
      resolve(read);
    };
    const onEnd = () => done(true);
    const onClose = () => done(raw.complete);
    raw.on('data', onData).once('end', onEnd).once('close', onClose).once('error', onClose);
    raw.resume();
  });
  if (!whole) {
    closeAfterAnswer.add(req);
    // Keep dropping what still comes until the connection ends (after the answer).
    raw.on('data', () => undefined).on('error', () => undefined);
    raw.resume();
  }
}

/**
 * Registered once (app.ts): the answer to an upload refused before the end of a body larger than
 * the drain cap says `Connection: close` — Node then closes the connection after writing it,
 * instead of waiting for a body nobody will read.
 */
export function registerUploadRefusals(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply) => {
    if (!closeAfterAnswer.has(req)) return;
    reply.header('connection', 'close');
    lingerOnClose(req.raw.socket);
  });
}

/** How long a connection closed after a refusal keeps dropping what the client still sends. */
const LINGER_MS = 5000;

/**
 * A "lingering close" (as nginx and Apache do): Node ends a `Connection: close` response's socket
 * with `destroySoon()` — FIN, then destroy as soon as it is written. Destroying a socket that still
 * receives makes the kernel answer with a reset, which can reach the client before it read the
 * answer. Here the FIN goes out after the answer, the incoming bytes keep being dropped, and the
 * socket is destroyed when the client closes its side or after LINGER_MS.
 */
function lingerOnClose(socket: Socket): void {
  const lingering = socket as Socket & { destroySoon?: () => void };
  lingering.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
