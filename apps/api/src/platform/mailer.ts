import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { metrics } from './metrics';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. `List-Unsubscribe`); kept in the outbox summary too. */
  headers?: Record<string, string>;
}

/**
 * Told of each send's outcome (the system module's record of mail failures, set by the composition
 * root): `failed` after a send that threw (the error is rethrown to the caller as before), `sent`
 * after one that went out, so a mail that failed once and went out later is closed. A sink that
 * itself fails is logged, never turned into the send's outcome.
 */
export interface MailOutcomeSink {
  failed(mail: Mail, err: unknown): Promise<void>;
  sent(mail: Mail): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set; otherwise writes each message to DATA_DIR/outbox as an
 * .eml file plus a .json summary (never silently dropped). Plain local SMTP (no TLS) is fine:
 * `smtp://host:port` with `?ignoreTLS=true` skips STARTTLS.
 */
export class Mailer {
  private transport: Transporter;
  private sink: MailOutcomeSink | null = null;
  constructor(private opts: { smtpUrl?: string; from: string; outboxDir: string; log?: FastifyBaseLogger }) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  get mode(): 'smtp' | 'outbox' {
    return this.opts.smtpUrl ? 'smtp' : 'outbox';
  }

  /** Sets who is told of each send's outcome (root.ts: the system module's mail failures). */
  reportTo(sink: MailOutcomeSink): void {
    this.sink = sink;
  }

  /** Sends one message; counted as sent or failed by transport (platform/metrics.ts). */
  async send(mail: Mail): Promise<void> {
    try {
      await this.deliver(mail);
    } catch (err) {
      metrics.emailsFailed.inc({ transport: this.mode });
      await this.sink?.failed(mail, err).catch((e: unknown) => this.opts.log?.error({ err: e }, 'recording a mail failure failed'));
      throw err;
    }
    metrics.emailsSent.inc({ transport: this.mode });
    await this.sink?.sent(mail).catch((e: unknown) => this.opts.log?.error({ err: e }, 'closing a mail failure failed'));
  }

  private async deliver(mail: Mail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.opts.from, ...mail });
    if (this.mode === 'outbox') {
      await fs.mkdir(this.opts.outboxDir, { recursive: true });
      const base = path.join(this.opts.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`);
      // Each file appears whole (written beside, then renamed): a reader of the outbox never sees half a mail.
      const whole = async (file: string, content: string | Buffer) => {
        await fs.writeFile(`${file}.part`, content);
        await fs.rename(`${file}.part`, file);
      };
      await whole(`${base}.eml`, (info as unknown as { message: Buffer }).message);
      await whole(`${base}.json`, JSON.stringify({ ...mail, from: this.opts.from, date: new Date().toISOString() }, null, 2));
      this.opts.log?.info({ to: mail.to, subject: mail.subject, file: `${base}.eml` }, 'mail written to outbox');
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** Very small HTML wrapper so messages look decent in a mail client. */
export function mailLayout(
  title: string,
  body: string,
  action?: { label: string; url: string },
  footer?: { text: string; link?: { label: string; url: string } },
): { text: string; html: string } {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const foot = footer ? `\n\n--\n${footer.text}${footer.link ? `\n${footer.link.label}: ${footer.link.url}` : ''}` : '';
  const text = `${title}\n\n${body}${action ? `\n\n${action.label}: ${action.url}` : ''}${foot}\n`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f6f5fb;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:32px">
<h1 style="font-size:20px;color:#5b3df5;margin-top:0">${esc(title)}</h1>
<p style="color:#333;line-height:1.5">${esc(body)}</p>
${action ? `<p><a href="${esc(action.url)}" style="display:inline-block;background:#5b3df5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${esc(action.label)}</a></p><p style="color:#888;font-size:12px">${esc(action.url)}</p>` : ''}
${footer ? `<p style="color:#888;font-size:12px;border-top:1px solid #eee;padding-top:12px">${esc(footer.text)}${footer.link ? ` <a href="${esc(footer.link.url)}" style="color:#888">${esc(footer.link.label)}</a>` : ''}</p>` : ''}
</div></body></html>`;
  return { text, html };
}
