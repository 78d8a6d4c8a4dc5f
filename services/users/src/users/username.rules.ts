import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'Swift',
  'Sunny',
  'Clever',
  'Brave',
  'Quiet',
  'Lucky',
  'Happy',
  'Bright',
  'Gentle',
  'Nimble',
  'Curious',
  'Friendly',
  'Eager',
  'Jolly',
  'Mellow',
  'Plucky',
  'Rustic',
  'Thrifty',
  'Cosy',
  'Keen',
];
const NOUNS = [
  'Otter',
  'Finch',
  'Maple',
  'Robin',
  'Badger',
  'Heron',
  'Acorn',
  'Fox',
  'Sparrow',
  'Willow',
  'Hedgehog',
  'Magpie',
  'Beaver',
  'Lark',
  'Pine',
  'Raccoon',
  'Wren',
  'Cedar',
  'Squirrel',
  'Owl',
];

/** A friendly name for an anonymous neighbour, e.g. "SunnyOtter4821" (uniqueness is the database's job). */
export function generateUsername(random: (max: number) => number = randomInt): string {
  const number = String(random(10_000)).padStart(4, '0');
  return `${ADJECTIVES[random(ADJECTIVES.length)]}${NOUNS[random(NOUNS.length)]}${number}`;
}
