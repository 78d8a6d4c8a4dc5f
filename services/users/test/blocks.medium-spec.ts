import { randomUUID } from 'node:crypto';
import { BlockError, Calls, Events } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { BlocksService } from '../src/blocks/blocks.service';
import { usersService } from '../src/users.definition';

/** Blocks on the real PostgreSQL: the caller blocks, each change is announced with the pair's growing version, nobody else sees the list. */
describe(BlocksService.name, () => {
  let sut: ServiceUnderTest;

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  const member = async () => (await sut.call(Calls.users.create, {})).user.id;
  const changes = async (blockerId: string) => {
    const rows: { payload: { blockedId: string; blocked: boolean; version: number } }[] = await sut.service.runtime.dataSource.query(
      `SELECT payload FROM users.outbox_events WHERE subject = $1 AND payload->>'blockerId' = $2 ORDER BY occurred_at, id`,
      [Events.blockChanged.subject, blockerId],
    );
    return rows.map((r) => r.payload);
  };

  it('blocks and unblocks for the caller, announcing each change with a growing version, and lists whom they blocked', async () => {
    const [me, them, other] = [await member(), await member(), await member()];

    expect(await sut.call(Calls.users.block, { userId: them }, me)).toEqual({ userId: them, blocked: true });
    expect((await sut.call(Calls.users.blocked, {}, me)).map((b) => b.userId)).toEqual([them]);
    expect(await sut.call(Calls.users.blocked, {}, other)).toEqual([]);
    expect(await sut.call(Calls.users.blocked, {}, them)).toEqual([]);

    await sut.call(Calls.users.unblock, { userId: them }, me);
    await sut.call(Calls.users.block, { userId: them }, me);
    expect((await changes(me)).map((c) => [c.blocked, c.version])).toEqual([
      [true, 1],
      [false, 2],
      [true, 3],
    ]);
    // Unblocking someone never blocked changes and announces nothing.
    await sut.call(Calls.users.unblock, { userId: other }, me);
    expect(await changes(me)).toHaveLength(3);
  });

  it('refuses blocking oneself and an unknown member', async () => {
    const me = await member();
    await expect(sut.call(Calls.users.block, { userId: me }, me)).rejects.toMatchObject({ code: BlockError.SELF });
    await expect(sut.call(Calls.users.block, { userId: randomUUID() }, me)).rejects.toMatchObject({ code: BlockError.NOT_FOUND });
  });
});
