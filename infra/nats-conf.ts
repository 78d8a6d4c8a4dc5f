/**
 * The `authorization { … }` block of a NATS server's config (infra/nats/nats.conf, the ConfigMap in k8s/nats.yaml),
 * braces balanced and each line's common indentation removed; '' when there is none.
 */
export function authorizationBlock(conf: string): string {
  const start = /^[ \t]*authorization\s*\{/m.exec(conf);
  if (!start) return '';
  let depth = 0;
  for (let i = start.index; i < conf.length; i++) {
    if (conf[i] === '{') depth++;
    else if (conf[i] === '}' && --depth === 0) return dedent(conf.slice(start.index, i + 1));
  }
  return '';
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

/** The users an authorization block lets in, and the environment variable each one's password is read from. */
export function natsUsers(block: string): { user: string; passwordVariable?: string }[] {
  return [...block.matchAll(/user:\s*"?([\w-]+)"?\s*\n\s*password:\s*(\S+)/g)].map(([, user = '', password = '']) => ({
    user,
    passwordVariable: /^\$([A-Z_]+)$/.exec(password)?.[1],
  }));
}
