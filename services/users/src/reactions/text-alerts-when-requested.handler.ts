import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { AlertTextsService } from '../alerts/alert-texts.service';

/** notification.text-requested → texts to the members' phones (the users service is the one that has them). */
@Injectable()
export class TextAlertsWhenRequestedHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly texts: AlertTextsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.notificationTextRequested, 'text-alerts', async (request, tx) => void (await this.texts.textAll(tx, request)));
  }
}
