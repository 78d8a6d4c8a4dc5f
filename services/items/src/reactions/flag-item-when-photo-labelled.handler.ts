import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Events } from '@curbside/contracts';
import { EventConsumers } from '@curbside/platform';
import { verdictOf } from '../moderation/checks/content-flag';
import { photoFlags } from '../moderation/checks/photo-labels.rules';
import { ModerationService } from '../moderation/moderation.service';

/** The durable consumer's name: renaming it would record every labelled photo's flags again. */
const REACTION = 'photo-flags';

/**
 * item-photo.labelled → the labels as flags on the item (docs/product-rules.md, Automated checks, Photos of
 * items): a person flags it for review, adult content holds it. In the consumer's transaction, so an event
 * delivered twice records once.
 */
@Injectable()
export class FlagItemWhenPhotoLabelledHandler implements OnApplicationBootstrap {
  constructor(
    private readonly consumers: EventConsumers,
    private readonly moderation: ModerationService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.consumers.on(Events.itemPhotoLabelled, REACTION, async (labelled, tx) => {
      const verdict = verdictOf(photoFlags(labelled.labels));
      await this.moderation.recordFlagsIn(tx, { type: 'item', id: labelled.itemId }, verdict.flags, verdict.hold);
    });
  }
}
