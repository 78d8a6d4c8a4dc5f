import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import { AlertEmailRequest, Calls, DomainError, ERROR_STATUS, Routes } from '@curbside/contracts';
import type { HttpReply } from '../http/http-request';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page of our own for a link opened from a mail: plain text in plain HTML (no script, no outside file). */
function page(reply: HttpReply, title: string, body: string): string {
  reply.type('text/html; charset=utf-8');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Curbside</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><h1>${escape(title)}</h1>${body}<p><a href="/">Open Curbside</a></p></body></html>`;
}

/** The link's token, or null when the link is incomplete (cut by a mail client). */
function tokenOf(query: unknown): string | null {
  const parsed = Routes.confirmAlertEmail.query.safeParse(query);
  return parsed.success ? parsed.data.token : null;
}

/**
 * A mail link's answer, also when it does not work: a person opened it in a browser, so a refusal is a page that
 * says why, with the status of its code (docs/api.md), never the API's JSON.
 */
async function linkPage(reply: HttpReply, token: string | null, work: (token: string) => Promise<string>): Promise<string> {
  if (token === null) {
    reply.code(400);
    return page(
      reply,
      'This link is incomplete',
      '<p>Your mail program may have cut it. Open the whole link from the mail, or copy it into the address bar.</p>',
    );
  }
  try {
    return await work(token);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    const status = ERROR_STATUS[err.code] ?? 500;
    reply.code(status);
    return page(reply, status >= 500 ? 'Please try again in a moment' : 'This link does not work', `<p>${escape(err.message)}</p>`);
  }
}

/**
 * Alert e-mail (docs/security.md): the member sets their address; the confirmation and unsubscribe links from the
 * mails work without a session (their token is the proof) and answer a small page.
 */
@Controller()
export class AlertEmailController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.setAlertEmail)
  set(
    @Param(new ZodPipe(Routes.setAlertEmail.params)) params: { id: string },
    @Body(new ZodPipe(Routes.setAlertEmail.body)) body: AlertEmailRequest,
    @Caller() callerId: string,
  ) {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setAlertEmail, body, callerId);
  }

  @ApiRoute(Routes.confirmAlertEmail)
  confirm(@Query() query: unknown, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    return linkPage(reply, tokenOf(query), async (token) => {
      const { address } = await this.services.call(Calls.users.confirmAlertEmail, { token }, undefined);
      return page(reply, 'E-mail confirmed', `<p>Curbside alerts will now reach ${escape(address)}. Choose which in notification settings.</p>`);
    });
  }

  /** Opening the link changes nothing (mail scanners open links): the button posts the one-click unsubscribe. */
  @ApiRoute(Routes.unsubscribePage)
  unsubscribePage(@Query() query: unknown, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    return linkPage(reply, tokenOf(query), async (token) =>
      page(
        reply,
        'Stop alert e-mails?',
        `<form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      ),
    );
  }

  /** RFC 8058: a mail provider posts here (form body `List-Unsubscribe=One-Click`, no cookie, no Origin of ours). */
  @ApiRoute(Routes.unsubscribeAlertEmail)
  unsubscribe(@Query() query: unknown, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    return linkPage(reply, tokenOf(query), async (token) => {
      await this.services.call(Calls.users.unsubscribeAlertEmail, { token }, undefined);
      return page(reply, 'Unsubscribed', '<p>No more alert e-mails. You can turn them on again in notification settings.</p>');
    });
  }
}
