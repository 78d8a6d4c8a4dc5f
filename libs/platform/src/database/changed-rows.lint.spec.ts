import path from 'node:path';
import { ESLint } from 'eslint';

// The repository's lint config turns away raw reads of an UPDATE's or DELETE's [rows, affected] (eslint.config.mjs).
const repo = path.resolve(__dirname, '../../../..');
const eslint = new ESLint({ cwd: repo, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });
const ruleHits = async (line: string): Promise<number> => {
  const code = `declare const m: { query(sql: string): Promise<never> };\nexport async function f(): Promise<unknown> {\n  ${line}\n  return null;\n}\n`;
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, 'services/items/src/probe.ts') });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').length;
};

describe('lint on query answers', () => {
  it.each([
    'const [, n] = await m.query(`UPDATE t SET a = 1`);',
    'const [[row]] = await m.query(`UPDATE t SET a = 1 RETURNING a`);',
    'const [rows]: [unknown[], number] = await m.query(`DELETE FROM t RETURNING a`);',
    'const n = (await m.query(`DELETE FROM t`))[1];',
  ])('refuses %s', async (line) => {
    expect(await ruleHits(line)).toBe(1);
  });

  it.each([
    'const [row]: { a: number }[] = await m.query(`SELECT a FROM t`);',
    'const [first, second] = await m.query(`SELECT a FROM t`);',
    'const rows: unknown[] = await m.query(`INSERT INTO t (a) VALUES (1) RETURNING a`);',
    'const first = (await m.query(`SELECT a FROM t`))[0];',
  ])('lets a SELECT or INSERT be read as rows: %s', async (line) => {
    expect(await ruleHits(line)).toBe(0);
  });
});
