import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { AlertEmailService } from '../mail/alert-email.service';

/** Alert e-mails the notifications service decided on, to the members' confirmed addresses (which only users holds). */
@Injectable()
export class MailAlertsWhenRequestedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly mail: AlertEmailService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.notificationMailRequested, 'mail-alerts', async (request, tx) => void (await this.mail.mailAll(tx, request)));
  }
}
