import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Notification, OpenRedemption, PostalAddress, RedeemResponse, Reward, UserReward } from '@curbside/contracts';
import { EraseDeliveryDetailsScheduler } from '@curbside/rewards-service';
import { ApiClient, waitFor } from '@curbside/testing';
import { RunningStack } from '../src/stack';
import { dataSourceOf, grantPoints, newNeighbour, OPERATOR_COMMAND_TEST_MS, STACK_MODES, stackForTests } from './stack-modes';

const run = promisify(execFile);
const COMMAND = join(resolve(__dirname, '..', '..'), 'services', 'rewards', 'dist', 'fulfilment-cli.js');
const ADDRESS: PostalAddress = {
  name: 'Ada Lovelace',
  line1: '12 Elm Street',
  line2: 'Apt 3',
  city: 'Minneapolis',
  region: 'MN',
  postalCode: '55401',
  country: 'United States',
};

/**
 * Goods that are delivered, over HTTP in both modes (docs/product-rules.md, "Fulfilment"): the address asked at
 * redemption and seen by the member and administrators only; requested → fulfilled, or cancelled with the points back
 * exactly once however many cancels arrive at once; the member told either way; the address erased 30 days after;
 * the operator's command listing and deciding the open ones.
 */
describe.each(STACK_MODES)('rewards fulfilment, $name', (mode) => {
  let stack: RunningStack;
  let api: ApiClient;
  let catalogue: Reward[];

  stackForTests(mode, { RATE_LIMIT_WRITES_PER_MINUTE: '10000' }, (started) => ({ stack, api } = started));
  beforeAll(async () => {
    catalogue = (await api.get<Reward[]>('/api/rewards')).body;
  });

  const neighbour = () => newNeighbour(stack, api);
  const grant = (userId: string, points: number) => grantPoints(stack, userId, points);
  const pointsOf = async (userId: string) =>
    (await dataSourceOf(stack, 'rewards').query(`SELECT points FROM rewards.balances WHERE user_id = $1`, [userId]))[0].points as number;
  const rewardId = (name: string) => (catalogue.find((r) => r.name === name) as Reward).id;
  const admin = async () => {
    const member = await neighbour();
    await dataSourceOf(stack, 'users').query('UPDATE users.users SET is_admin = true WHERE id = $1', [member.user.id]);
    return member;
  };
  const redeemTote = async (member: { browser: ApiClient; user: { id: string } }) => {
    await grant(member.user.id, 600);
    const answer = await member.browser.post<RedeemResponse>(`/api/rewards/${rewardId('Curbside Tote Bag')}/redeem`, { address: ADDRESS });
    expect(answer).toMatchObject({ status: 200, body: { success: true, balance: 0 } });
    return answer.body.redemptionId;
  };
  const mine = async (member: { browser: ApiClient; user: { id: string } }) =>
    (await member.browser.get<UserReward[]>(`/api/users/${member.user.id}/rewards`)).body;
  const notified = (member: { browser: ApiClient; user: { id: string } }, title: string) =>
    waitFor(async () => (await member.browser.get<Notification[]>(`/api/notifications/${member.user.id}`)).body.find((n) => n.title === title), {
      what: `"${title}" notification`,
    });

  it('asks for the address, shows it to the member and administrators only, and tells the member once it is fulfilled', async () => {
    const member = await neighbour();
    const stranger = await neighbour();
    const boss = await admin();
    await grant(member.user.id, 600);
    const tote = `/api/rewards/${rewardId('Curbside Tote Bag')}/redeem`;
    expect(await member.browser.post(tote, {})).toMatchObject({ status: 422, body: { code: 'REWARD.ADDRESS_REQUIRED' } });
    expect(await member.browser.post(tote, { address: { ...ADDRESS, postalCode: '5'.repeat(40) } })).toMatchObject({
      status: 400,
      body: { code: 'COMMON.VALIDATION_FAILED' },
    });
    expect(await member.browser.post(tote, { address: { ...ADDRESS, city: '' } })).toMatchObject({
      status: 400,
      body: { message: expect.stringContaining('City is required') },
    });
    expect(await member.browser.post(`/api/rewards/${rewardId('Plant a Tree')}/redeem`, { address: ADDRESS })).toMatchObject({
      status: 400,
      body: { code: 'REWARD.DELIVERY_NOT_TAKEN' },
    });
    expect(await pointsOf(member.user.id)).toBe(600);
    const redemptionId = await redeemTote(member);

    expect((await mine(member)).find((r) => r.id === redemptionId)).toMatchObject({ status: 'requested', delivery: { kind: 'postal', address: ADDRESS } });
    expect((await stranger.browser.get(`/api/users/${member.user.id}/rewards`)).status).toBe(403);
    expect(await stranger.browser.get('/api/admin/fulfilment')).toMatchObject({ status: 403, body: { code: 'REWARD.NOT_ADMIN' } });
    expect((await stranger.browser.post(`/api/admin/fulfilment/${redemptionId}/fulfil`, {})).status).toBe(403);
    const open = (await boss.browser.get<OpenRedemption[]>('/api/admin/fulfilment')).body.find((r) => r.id === redemptionId);
    expect(open).toMatchObject({ memberId: member.user.id, rewardName: 'Curbside Tote Bag', delivery: { kind: 'postal', address: ADDRESS } });

    expect(await boss.browser.post(`/api/admin/fulfilment/${redemptionId}/fulfil`, {})).toMatchObject({
      status: 200,
      body: { id: redemptionId, status: 'fulfilled', pointsReturned: 0 },
    });
    expect(await boss.browser.post(`/api/admin/fulfilment/${redemptionId}/cancel`, { reason: 'Too late' })).toMatchObject({
      status: 409,
      body: { code: 'REWARD.REDEMPTION_CLOSED' },
    });
    expect((await mine(member)).find((r) => r.id === redemptionId)).toMatchObject({ status: 'fulfilled', closedAt: expect.any(String) });
    expect((await boss.browser.get<OpenRedemption[]>('/api/admin/fulfilment')).body.some((r) => r.id === redemptionId)).toBe(false);
    expect((await notified(member, 'Reward Sent'))?.message).toBe('Your Curbside Tote Bag has been sent. Thank you for sharing with your neighbours!');
  });

  it('five cancels at once: one wins, the points come back exactly once, and the member is told why', async () => {
    const member = await neighbour();
    const boss = await admin();
    const redemptionId = await redeemTote(member);
    const cancels = await Promise.all(
      Array.from({ length: 5 }, () =>
        boss.browser.post<{ code?: string }>(`/api/admin/fulfilment/${redemptionId}/cancel`, { reason: 'The tote bags ran out.' }),
      ),
    );
    expect(cancels.map((c) => c.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await pointsOf(member.user.id)).toBe(600);
    const refunds = await dataSourceOf(stack, 'rewards').query(
      `SELECT amount FROM rewards.ledger_entries WHERE source_event_id = $1 AND reason = 'redemption_refund'`,
      [redemptionId],
    );
    expect(refunds).toEqual([{ amount: 600 }]);
    expect((await mine(member)).find((r) => r.id === redemptionId)).toMatchObject({ status: 'cancelled', cancelReason: 'The tote bags ran out.' });
    expect((await notified(member, 'Reward Cancelled'))?.message).toBe(
      'Your Curbside Tote Bag was cancelled: The tote bags ran out. 600 points are back in your points to spend.',
    );
    // The member's record follows the ledger: the points to spend are back.
    await waitFor(async () => (await member.browser.get<{ points: number }>(`/api/users/${member.user.id}`)).body.points === 600, {
      what: 'points back on the record',
    });
  });

  it('refuses the gift card without a confirmed e-mail, saying how to add one, and spends nothing', async () => {
    const member = await neighbour();
    await grant(member.user.id, 500);
    const refused = await member.browser.post<{ code: string; message: string }>(`/api/rewards/${rewardId('$5 Virtual Gift Card')}/redeem`, {});
    expect(refused).toMatchObject({ status: 409, body: { code: 'REWARD.EMAIL_REQUIRED', message: expect.stringContaining('Notification Settings') } });
    expect(await pointsOf(member.user.id)).toBe(500);
  });

  it('erases the address 30 days after fulfilment, not before', async () => {
    const member = await neighbour();
    const boss = await admin();
    const redemptionId = await redeemTote(member);
    await boss.browser.post(`/api/admin/fulfilment/${redemptionId}/fulfil`, {});
    const sweep = () => (stack.services.find((s) => s.name === 'rewards')?.app.get(EraseDeliveryDetailsScheduler) as EraseDeliveryDetailsScheduler).sweep();
    await sweep();
    expect((await mine(member)).find((r) => r.id === redemptionId)?.delivery).toEqual({ kind: 'postal', address: ADDRESS });
    await dataSourceOf(stack, 'rewards').query(`UPDATE rewards.redemptions SET closed_at = now() - interval '30 days 1 minute' WHERE id = $1`, [redemptionId]);
    await sweep();
    expect((await mine(member)).find((r) => r.id === redemptionId)).toMatchObject({ status: 'fulfilled', delivery: null });
  });

  it(
    'the operator’s command lists the open redemptions with their address, and fulfils or cancels one',
    async () => {
      const url = (dataSourceOf(stack, 'rewards').options as { url: string }).url;
      const command = (...args: string[]) =>
        run(process.execPath, [COMMAND, ...args], { env: { ...process.env, RUN_MODE: 'distributed', DATABASE_URL: url, LOG_LEVEL: 'silent' } });
      const member = await neighbour();
      const redemptionId = await redeemTote(member);
      const listed = (await command('list')).stdout;
      expect(listed).toContain(`${redemptionId}`);
      expect(listed).toContain('Curbside Tote Bag');
      expect(listed).toContain('12 Elm Street, Apt 3, Minneapolis, MN, 55401, United States');
      expect((await command('cancel', redemptionId, '--reason', 'Address unreachable')).stdout).toContain('600 points went back to the member');
      await expect(command('fulfil', redemptionId)).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('was cancelled already') });
      await expect(command('cancel', redemptionId)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('npm run admin:fulfilment') });
      expect(await pointsOf(member.user.id)).toBe(600);
      // What the command wrote to the outbox is relayed by the running service: the member is told.
      expect((await notified(member, 'Reward Cancelled'))?.message).toContain('Address unreachable');
    },
    OPERATOR_COMMAND_TEST_MS,
  );
});
