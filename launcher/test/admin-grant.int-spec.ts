import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { User, VerifyCodeResponse } from '@curbside/contracts';
import { loadConfig } from '@curbside/platform';
import { ApiClient, createDistributedTestEnvironment, DistributedTestEnvironment } from '@curbside/testing';
import { RunningStack, startDistributedStack } from '../src/stack';
import { lastSmsCode, OPERATOR_COMMAND_TEST_MS, TEST_STACK_SETTINGS } from './stack-modes';

const run = promisify(execFile);
const COMMAND = join(resolve(__dirname, '..', '..'), 'services', 'users', 'dist', 'admin-grant.js');

/** `npm run admin:grant`: the operator's command is the only way to an administrator; nothing a client sends is. */
describe('admin:grant', () => {
  let environment: DistributedTestEnvironment;
  let stack: RunningStack;
  let api: ApiClient;

  beforeAll(async () => {
    environment = await createDistributedTestEnvironment();
    stack = await startDistributedStack(loadConfig({}, { ...environment.env, ...TEST_STACK_SETTINGS }));
    api = new ApiClient(stack.url);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
    await environment?.dispose();
  });

  const grant = (...args: string[]) => run(process.execPath, [COMMAND, ...args], { env: { ...process.env, ...environment.env, LOG_LEVEL: 'silent' } });

  it(
    'grants by user id and by phone',
    async () => {
      const byId = (await api.post<User>('/api/users', {})).body;
      // A client cannot make itself an admin: unknown fields are dropped.
      await api.request('PATCH', `/api/users/${byId.id}/notification-preferences`, { isAdmin: true });
      expect((await api.get(`/api/users/${byId.id}/admin-status`)).body).toEqual({ isAdmin: false, isModerator: false });

      const { stdout } = await grant('--user', byId.id);
      expect(stdout).toContain(`${byId.username} (${byId.id}) is now an administrator.`);
      expect((await api.get(`/api/users/${byId.id}/admin-status`)).body).toEqual({ isAdmin: true, isModerator: false });

      const moderator = api.anotherBrowser();
      const mod = (await moderator.post<User>('/api/users', {})).body;
      expect((await grant('--user', mod.id, '--role', 'moderator')).stdout).toContain(`${mod.username} (${mod.id}) is now a moderator.`);
      expect((await moderator.get(`/api/users/${mod.id}/admin-status`)).body).toEqual({ isAdmin: false, isModerator: true });

      const phoneBrowser = api.anotherBrowser();
      await phoneBrowser.post('/api/auth/send-code', { phoneNumber: '(555) 010-7788' });
      const signIn = await phoneBrowser.post<VerifyCodeResponse>('/api/auth/verify-code', {
        phoneNumber: '5550107788',
        code: lastSmsCode(stack, '+15550107788'),
        firstName: 'Op',
      });
      await grant('--phone', '555-010-7788');
      expect((await phoneBrowser.get(`/api/users/${signIn.body.user!.id}/admin-status`)).body).toEqual({ isAdmin: true, isModerator: false });
    },
    OPERATOR_COMMAND_TEST_MS,
  );

  it(
    'explains its use when called wrongly, and says when there is no such user',
    async () => {
      await expect(grant()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('npm run admin:grant -- --user') });
      await expect(grant('--user', '00000000-0000-4000-8000-000000000000', '--role', 'owner')).rejects.toMatchObject({ code: 2 });
      await expect(grant('--user', '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('User not found'),
      });
    },
    OPERATOR_COMMAND_TEST_MS,
  );
});
