/**
 * What a NATS server's config (infra/nats/nats.conf, the ConfigMap in k8s/nats.yaml) lets connect: the user of its
 * `authorization` block, and the environment variable its password is read from (`password: $NAME`; undefined when
 * the password is written into the file, or there is no such block).
 */
export function natsAuthorization(conf: string): { user?: string; passwordVariable?: string } {
  const block = /^\s*authorization\s*\{([^}]*)\}/m.exec(conf)?.[1] ?? '';
  const value = (key: string) => new RegExp(`^\\s*${key}\\s*[:=]\\s*"?([^"\\s]+)`, 'm').exec(block)?.[1];
  return { user: value('user'), passwordVariable: /^\$([A-Z_]+)$/.exec(value('password') ?? '')?.[1] };
}
