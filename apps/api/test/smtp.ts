import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface CapturedMail { from: string; to: string[]; raw: string; subject: string; text: string }

/** A real local SMTP server capturing messages (tests point SMTP_URL at it). */
export async function startSmtp() {
  const messages: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (c: string) => (raw += c));
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
        const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n\n');
        const text = body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
        messages.push({ from: session.envelope.mailFrom ? (session.envelope.mailFrom as { address: string }).address : '', to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text });
        waiters.splice(0).forEach((w) => w());
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    /**
     * Waits for a message to `to` (newest first), up to 15 s: mail goes event → job → SMTP, and on a
     * busy 2-core CI machine running the PostgreSQL suite a job can wait several seconds for a worker.
     */
    async waitFor(to: string, match: (m: CapturedMail) => boolean = () => true): Promise<CapturedMail> {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const m = [...messages].reverse().find((x) => x.to.includes(to) && match(x));
        if (m) return m;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((r) => { waiters.push(r); setTimeout(r, 200); });
      }
    },
    /** The first link with ?token= in a message. */
    tokenIn(m: CapturedMail, pathPart: string): string {
      const re = new RegExp(`${pathPart.replace(/[/]/g, '\\/')}\\?token=([A-Za-z0-9_%-]+)`);
      const hit = re.exec(m.text);
      if (!hit) throw new Error(`no ${pathPart} link in mail`);
      return decodeURIComponent(hit[1]!);
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
