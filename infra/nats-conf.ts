/**
 * The `authorization { … }` block of a NATS server's config (infra/nats/nats.conf, the ConfigMap in k8s/nats.yaml):
 * the first one, so the server's own ahead of a `cluster` block's; each line's common indentation removed, '' when
 * there is none.
 */
export function authorizationBlock(conf: string): string {
  return dedent(namedBlock(conf, 'authorization'));
}

/** The users an authorization block lets in, and the environment variable each one's password is read from. */
export function natsUsers(block: string): { user: string; passwordVariable?: string }[] {
  return [...block.matchAll(/user:\s*"?([\w-]+)"?\s*\n\s*password:\s*(\S+)/g)].map(([, user = '', password = '']) => ({
    user,
    passwordVariable: /^\$([A-Z_]+)$/.exec(password)?.[1],
  }));
}

/** The `cluster { … }` block's routes, each a variable's name (`$NATS_ROUTE_0` → NATS_ROUTE_0), in their order. */
export function natsRoutes(conf: string): string[] {
  const routes = /^\s*routes:\s*\[([^\]]*)\]/m.exec(namedBlock(conf, 'cluster'))?.[1] ?? '';
  return [...routes.matchAll(/\$([A-Z0-9_]+)/g)].map(([, name = '']) => name);
}

/** The user the `cluster { … }` block's own `authorization` lets in, and the variable its password is read from. */
export function clusterAuthorization(conf: string): { user?: string; passwordVariable?: string } {
  const [found] = natsUsers(authorizationBlock(namedBlock(conf, 'cluster')));
  return { user: found?.user, passwordVariable: found?.passwordVariable };
}

/** The first `<name> { … }` block of a config, from the start of its line to its closing brace; '' when there is none. */
function namedBlock(conf: string, name: string): string {
  const start = new RegExp(`^[ \\t]*${name}\\s*\\{`, 'm').exec(conf);
  if (!start) return '';
  let depth = 0;
  for (let i = start.index; i < conf.length; i++) {
    if (conf[i] === '{') depth++;
    else if (conf[i] === '}' && --depth === 0) return conf.slice(start.index, i + 1);
  }
  return '';
}

function dedent(text: string): string {
  if (!text) return '';
  const lines = text.split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length));
  return lines.map((line) => line.slice(indent)).join('\n');
}
