import { OpenRedemption } from '@curbside/contracts';
import { createLogger, EventOutbox, withServiceDatabase } from '@curbside/platform';
import { BadgesRepository } from './badges/badges.repository';
import { FulfilmentService } from './fulfilment/fulfilment.service';
import { LedgerRepository } from './ledger/ledger.repository';
import { LedgerService } from './ledger/ledger.service';
import { MembersRepository } from './ledger/members.repository';
import { PendingCreditsRepository } from './ledger/pending-credits.repository';
import { PostCreditsRepository } from './ledger/post-credits.repository';
import { rewardsService } from './rewards.definition';
import { RedemptionsRepository } from './shop/redemptions.repository';

const USAGE = `Lists and decides the points shop's open redemptions (goods still to send), as /admin/fulfilment does:
  npm run admin:fulfilment -- list
  npm run admin:fulfilment -- fulfil <redemption id>
  npm run admin:fulfilment -- cancel <redemption id> --reason "<why, told to the member>"
A cancellation gives the points back. Either way the member is told (a notification).
Distributed mode uses DATABASE_URL. Embedded mode (RUN_MODE=embedded, the default) uses DATA_DIR's database:
the running app's, or, when the app is stopped, a server of its own for the moment it takes.`;

type Command = { action: 'list' } | { action: 'fulfil'; id: string } | { action: 'cancel'; id: string; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function command(): Command {
  const [action, id, ...rest] = process.argv.slice(2);
  const i = rest.indexOf('--reason');
  const reason = i >= 0 ? rest[i + 1]?.trim() : undefined;
  if (action === 'list' && id === undefined) return { action };
  if (action === 'fulfil' && id && UUID.test(id)) return { action, id };
  if (action === 'cancel' && id && UUID.test(id) && reason && reason.length <= 500) return { action, id, reason };
  console.error(USAGE);
  process.exit(2);
}

/** One line per open redemption: what, for whom, since when, and where it goes. */
export function describeOpen(r: OpenRedemption): string {
  const to =
    r.delivery?.kind === 'postal'
      ? [
          r.delivery.address.name,
          r.delivery.address.line1,
          r.delivery.address.line2,
          r.delivery.address.city,
          r.delivery.address.region,
          r.delivery.address.postalCode,
          r.delivery.address.country,
        ]
          .filter(Boolean)
          .join(', ')
      : r.delivery?.kind === 'email'
        ? `e-mail ${r.delivery.email}`
        : 'no delivery details';
  return `${r.id}  ${r.redeemedAt.slice(0, 10)}  ${r.rewardName} for ${r.memberName ?? r.memberId}  →  ${to}`;
}

async function main(): Promise<void> {
  const log = createLogger('admin-fulfilment');
  const what = command();
  await withServiceDatabase(rewardsService, 'curbside-admin-fulfilment', 2, async (dataSource) => {
    // redemption.decided (and a refund's points.awarded) go to the outbox; the rewards service relays them when it runs.
    const balances = new LedgerRepository(dataSource);
    const ledger = new LedgerService(balances, new PostCreditsRepository(), new MembersRepository(), new BadgesRepository(), new PendingCreditsRepository());
    const fulfilment = new FulfilmentService(new EventOutbox(dataSource, 'rewards'), ledger, balances, new RedemptionsRepository(dataSource));
    if (what.action === 'list') {
      const open = await fulfilment.open();
      console.log(open.length === 0 ? 'No redemptions to fulfil.' : open.map(describeOpen).join('\n'));
      return;
    }
    if (what.action === 'fulfil') {
      await fulfilment.fulfil(what.id, 'operator');
      log.info({ redemptionId: what.id }, 'redemption fulfilled by the operator');
      console.log(`Redemption ${what.id} is fulfilled; the member is told.`);
      return;
    }
    const decision = await fulfilment.cancel(what.id, what.reason, 'operator');
    log.info({ redemptionId: what.id, pointsReturned: decision.pointsReturned }, 'redemption cancelled by the operator');
    console.log(`Redemption ${what.id} is cancelled; ${decision.pointsReturned} points went back to the member, who is told.`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
