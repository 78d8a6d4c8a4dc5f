import { Body, Controller, Param, Query, Res } from '@nestjs/common';
import { AlertEmailRequest, Calls, Routes } from '@curbside/contracts';
import type { Response } from 'express';
import { ApiRoute } from '../http/api-route.decorator';
import { ServiceClient } from '../http/service-client';
import { ZodPipe } from '../http/zod.pipe';
import { assertIsCaller, Caller } from '../session/caller.decorator';

/** A page of our own for a link opened from a mail: plain text in plain HTML (no script, no outside file). */
function page(response: Response, title: string, body: string): string {
  response.type('text/html; charset=utf-8');
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Curbside</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5"><h1>${escape(title)}</h1>${body}<p><a href="/">Open Curbside</a></p></body></html>`;
}

/**
 * Alert e-mail (docs/security.md): the member sets their address; the confirmation and unsubscribe links from the
 * mails work without a session (their token is the proof) and answer a small page.
 */
@Controller()
export class AlertEmailController {
  constructor(private readonly services: ServiceClient) {}

  @ApiRoute(Routes.setAlertEmail)
  set(@Param(new ZodPipe(Routes.setAlertEmail.params)) params: { id: string }, @Body(new ZodPipe(Routes.setAlertEmail.body)) body: AlertEmailRequest, @Caller() callerId: string) {
    assertIsCaller(params.id, callerId);
    return this.services.call(Calls.users.setAlertEmail, body, callerId);
  }

  @ApiRoute(Routes.confirmAlertEmail)
  async confirm(@Query(new ZodPipe(Routes.confirmAlertEmail.query)) query: { token: string }, @Res({ passthrough: true }) response: Response): Promise<string> {
    const { address } = await this.services.call(Calls.users.confirmAlertEmail, query, undefined);
    return page(response, 'E-mail confirmed', `<p>Curbside alerts will now reach ${address.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}. Choose which in notification settings.</p>`);
  }

  /** Opening the link changes nothing (mail scanners open links): the button posts the one-click unsubscribe. */
  @ApiRoute(Routes.unsubscribePage)
  unsubscribePage(@Query(new ZodPipe(Routes.unsubscribePage.query)) query: { token: string }, @Res({ passthrough: true }) response: Response): string {
    return page(
      response,
      'Stop alert e-mails?',
      `<form method="post" action="/api/email/unsubscribe?token=${encodeURIComponent(query.token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  }

  /** RFC 8058: a mail provider posts here (form body `List-Unsubscribe=One-Click`, no cookie, no Origin of ours). */
  @ApiRoute(Routes.unsubscribeAlertEmail)
  async unsubscribe(@Query(new ZodPipe(Routes.unsubscribeAlertEmail.query)) query: { token: string }, @Res({ passthrough: true }) response: Response): Promise<string> {
    await this.services.call(Calls.users.unsubscribeAlertEmail, query, undefined);
    return page(response, 'Unsubscribed', '<p>No more alert e-mails. You can turn them on again in notification settings.</p>');
  }
}
