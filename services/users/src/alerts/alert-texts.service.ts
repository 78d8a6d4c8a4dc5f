import { Inject, Injectable } from '@nestjs/common';
import { EventPayload, Events, SMS_ALERTS_PER_HOUR } from '@curbside/contracts';
import { createLogger, SMS_SENDER, SmsSender, Transaction } from '@curbside/platform';
import { TextedAlertsRepository } from './texted-alerts.repository';

export type AlertTextOutcome = 'sent' | 'no_phone' | 'over_hourly_cap' | 'failed';

/**
 * Texts notifications to members who asked for SMS alerts (the notifications service decided who, from their
 * switches and plan): only to the account's own phone, at most SMS_ALERTS_PER_HOUR an hour, once per notification.
 */
@Injectable()
export class AlertTextsService {
  private readonly log = createLogger('alert-texts');

  constructor(
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly texted: TextedAlertsRepository,
  ) {}

  async textAll(tx: Transaction, request: EventPayload<typeof Events.notificationTextRequested>): Promise<AlertTextOutcome[]> {
    const outcomes: AlertTextOutcome[] = [];
    for (const message of request.messages) outcomes.push(await this.text(tx, message));
    return outcomes;
  }

  private async text(tx: Transaction, message: { userId: string; notificationId: string; text: string }): Promise<AlertTextOutcome> {
    // One member's texts are counted one request at a time, so parallel requests cannot pass the cap together.
    await this.texted.lockMember(tx.manager, message.userId);
    if (await this.texted.isDone(tx.manager, message.notificationId)) return 'sent';
    const user = await this.texted.recipient(tx.manager, message.userId);
    let outcome: AlertTextOutcome;
    if (!user?.phone) outcome = 'no_phone';
    else if (user.sent >= SMS_ALERTS_PER_HOUR) outcome = 'over_hourly_cap';
    else {
      try {
        await this.sms.send(user.phone, message.text);
        outcome = 'sent';
      } catch (err) {
        // The alert is in the app either way; a provider that refuses one text must not hold back the others.
        this.log.warn({ err, userId: message.userId }, 'alert text failed');
        outcome = 'failed';
      }
    }
    await this.texted.record(tx.manager, message.notificationId, message.userId, outcome);
    return outcome;
  }
}
