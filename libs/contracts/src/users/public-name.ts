/**
 * The name neighbours see (docs/product-rules.md, "Public name"): the member's first name, with the initial of the
 * last word of their verified name when they verified one, unless they chose the name Curbside made up for them;
 * the made-up name when they gave no first name. Never a phone number, never a full name.
 */
export function publicName(member: { username: string; firstName: string | null; verifiedName: string | null; useGeneratedName: boolean }): string {
  const first = member.firstName?.trim();
  if (member.useGeneratedName || !first) return member.username;
  const words = member.verifiedName?.trim().split(/\s+/) ?? [];
  const initial = words.length > 1 ? Array.from(words[words.length - 1])[0]?.toLocaleUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}
