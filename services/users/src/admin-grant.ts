import { toE164 } from '@curbside/contracts';
import { createLogger, EventOutbox, InMemoryLiveChannel, withServiceDatabase } from '@curbside/platform';
import { usersService } from './users.definition';
import { SessionsRepository } from './sessions/sessions.repository';
import { SessionsService } from './sessions/sessions.service';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';

const USAGE = `Grants administrator or moderator rights (the only way to get them):
  npm run admin:grant -- --user <user id> [--role admin|moderator]
  npm run admin:grant -- --phone <phone number> [--role admin|moderator]
The role is admin when --role is left out.
Distributed mode uses DATABASE_URL. Embedded mode (RUN_MODE=embedded, the default) uses DATA_DIR's database:
the running app's, or, when the app is stopped, a server of its own for the moment it takes.`;

type Role = 'admin' | 'moderator';

function target(): { where: { userId: string } | { phone: string }; role: Role } {
  const args = process.argv.slice(2);
  const value = (flag: string) => {
    const i = args.indexOf(flag);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const user = value('--user');
  const phone = value('--phone');
  const role = value('--role') ?? 'admin';
  if (role === 'admin' || role === 'moderator') {
    if (user && /^[0-9a-f-]{36}$/i.test(user)) return { where: { userId: user }, role };
    const e164 = phone ? toE164(phone) : null;
    if (e164) return { where: { phone: e164 }, role };
  }
  console.error(USAGE);
  process.exit(2);
}

async function main(): Promise<void> {
  const log = createLogger('admin-grant');
  const { where, role } = target();
  await withServiceDatabase(usersService, 'curbside-admin-grant', 1, async (dataSource) => {
    // user.updated goes to the outbox; the users service relays it when it runs. Granting ends no session, so no
    // gateway needs to hear from this process on the live channel.
    const outbox = new EventOutbox(dataSource, 'users');
    const sessions = new SessionsService(new SessionsRepository(dataSource), outbox, new InMemoryLiveChannel());
    const users = new UsersService(new UsersRepository(dataSource), outbox, sessions);
    const user = await users.grantAdmin(where, role);
    log.info({ userId: user.id, username: user.username, role }, `${role} rights granted`);
    console.log(`${user.username} (${user.id}) is now ${role === 'admin' ? 'an administrator' : 'a moderator'}.`);
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
