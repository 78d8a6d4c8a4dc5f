import { APP_NAMES, Calls, EVENT_PRODUCERS, EVENT_REACTIONS, Events, healthCall } from '@curbside/contracts';
import { natsAuthorizationBlock, natsPasswordVariable, natsPermissions } from './nats-permissions';

describe("each app's NATS permissions", () => {
  const of = (app: Parameters<typeof natsPermissions>[0]) => natsPermissions(app, 'curbside');

  it('let the gateway make the public calls and no internal one', () => {
    const { publish, subscribe, allowResponses } = of('gateway');
    expect(publish).toEqual(expect.arrayContaining(['curbside.rpc.items.feed', 'curbside.rpc.users.session.resolve', 'curbside.rpc.items.health']));
    for (const internal of [Calls.users.emergencyLookup, Calls.notifications.lastPosition, Calls.items.startSpotlight, Calls.rewards.summary]) {
      expect(publish).not.toContain(`curbside.rpc.${internal.subject}`);
    }
    // It answers no call, publishes no event and no live signal, so it reads only its inbox and the signals it listens to.
    expect(publish.some((subject) => subject.startsWith('curbside.events.') || subject.startsWith('$JS.'))).toBe(false);
    expect(subscribe).toEqual(['_INBOX.gateway.>', 'curbside.live.notifications', 'curbside.live.sessions.ended']);
    expect(allowResponses).toBe(false);
  });

  it("let the emergency service make the lookup's calls, after its own checks", () => {
    expect(of('emergency').publish).toEqual(
      expect.arrayContaining(
        [Calls.users.emergencyLookup, Calls.notifications.lastPosition, Calls.rewards.summary, Calls.items.byUser, Calls.users.adminStatus].map(
          (call) => `curbside.rpc.${call.subject}`,
        ),
      ),
    );
    expect(of('emergency').publish).not.toContain(`curbside.rpc.${Calls.items.feed.subject}`);
  });

  it('let a service answer only its own calls, and its own healthcheck ask it', () => {
    expect(of('photo-validation').subscribe).toEqual(['curbside.rpc.photo-validation.>', '_INBOX.photo-validation.>']);
    expect(of('photo-validation').allowResponses).toBe(true);
    expect(of('items').publish).toContain(`curbside.rpc.${healthCall('items').subject}`);
    expect(of('items').publish).not.toContain(`curbside.rpc.${healthCall('users').subject}`);
  });

  it('let a service publish its own events and no other', () => {
    const events = (app: Parameters<typeof natsPermissions>[0]) => of(app).publish.filter((subject) => subject.startsWith('curbside.events.'));
    expect(events('photo-validation')).toEqual([`curbside.events.${Events.itemPhotoLabelled.subject}`]);
    expect(events('rewards')).toContain(`curbside.events.${Events.pointsAwarded.subject}`);
    expect(events('items')).not.toContain(`curbside.events.${Events.pointsAwarded.subject}`);
    const all = APP_NAMES.flatMap(events);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(Object.values(EVENT_PRODUCERS).flat().length);
  });

  it('let a service use the event stream as the bus does, without deleting or purging it', () => {
    const { publish } = of('rewards');
    expect(publish).toEqual(
      expect.arrayContaining([
        '$JS.API.STREAM.INFO.CURBSIDE',
        `$JS.API.CONSUMER.CREATE.CURBSIDE.rewards_credit-post.curbside.events.${Events.itemPosted.subject}`,
        '$JS.API.CONSUMER.MSG.NEXT.CURBSIDE.rewards_credit-post',
        '$JS.ACK.CURBSIDE.rewards_credit-post.>',
      ]),
    );
    expect(publish.some((subject) => /DELETE|PURGE/.test(subject) || subject === '$JS.API.>' || subject === '>')).toBe(false);
  });

  it("let a service make and read only its own reactions' consumers, each for its own event", () => {
    const consumerSubjects = (app: Parameters<typeof natsPermissions>[0]) => of(app).publish.filter((subject) => subject.startsWith('$JS.API.CONSUMER.'));
    const rewards = consumerSubjects('rewards');
    expect(rewards.every((subject) => /\.CURBSIDE\.rewards_/.test(subject))).toBe(true);
    expect(rewards.some((subject) => subject.includes('*') || subject.endsWith('>'))).toBe(false);
    // One CREATE a reaction, naming its event: the consumer cannot be pointed at other events.
    expect(rewards.filter((subject) => subject.includes('.CREATE.'))).toHaveLength(Object.keys(EVENT_REACTIONS.rewards).length);
    expect(consumerSubjects('photo-validation')).toEqual([]);
  });

  it('are written into a server configuration with each password read from its own variable', () => {
    const block = natsAuthorizationBlock('curbside');
    for (const app of APP_NAMES) expect(block).toContain(`user: "${app}"\n      password: $${natsPasswordVariable(app)}\n`);
    expect(natsPasswordVariable('photo-validation')).toBe('NATS_PHOTO_VALIDATION_PASSWORD');
    // Subjects are quoted: `$JS…` unquoted would be read as a variable.
    expect(block).toContain('"$JS.API.INFO"');
  });

  it('let an app publish and hear only its own live topics', () => {
    expect(of('notifications').publish).toContain('curbside.live.notifications');
    expect(of('notifications').subscribe.some((subject) => subject.startsWith('curbside.live.'))).toBe(false);
    expect(of('gateway').publish.some((subject) => subject.startsWith('curbside.live.'))).toBe(false);
    expect(of('items').publish).toContain('curbside.live.items.readers-changed');
    expect(of('items').subscribe).toContain('curbside.live.items.readers-changed');
    expect(of('items').publish).not.toContain('curbside.live.sessions.ended');
  });
});
