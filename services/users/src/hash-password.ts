import { hashPassword } from '@curbside/platform';

/**
 * Prints the EMERGENCY_PASSWORD_HASH for a password read from standard input (never from the command line,
 * where it would stay in the shell history): `printf '%s' 'the password' | npm run -s admin:hash-password`.
 */
async function main(): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < 12) {
    console.error('The emergency password must be at least 12 characters.');
    process.exit(2);
  }
  console.log(await hashPassword(password));
}

void main();
