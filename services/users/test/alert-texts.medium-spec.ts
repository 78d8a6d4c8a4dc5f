import { randomUUID } from 'node:crypto';
import { Calls, SMS_ALERTS_PER_HOUR } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { AlertTextsService } from '../src/alerts/alert-texts.service';
import { usersService } from '../src/users.definition';
import { lastCode, newPhone, textsTo } from './users-world';

/** Alert texts (notification.text-requested): only to the member's own phone, once per notification, a cap an hour. */
describe(AlertTextsService.name, () => {
  let sut: ServiceUnderTest;

  const text = (userId: string, notificationId = randomUUID()) =>
    sut.service.runtime.outbox.transaction((tx) =>
      sut.service.app.get(AlertTextsService).textAll(tx, { messages: [{ userId, notificationId, text: 'A couch near you' }] }),
    );

  const memberWithPhone = async () => {
    const phone = newPhone();
    await sut.call(Calls.users.sendLoginCode, { phoneNumber: phone.e164 });
    const { response } = await sut.call(Calls.users.verifyLoginCode, { phoneNumber: phone.e164, code: lastCode(sut, phone.e164), firstName: 'Lin' });
    return { userId: response.user!.id, phone: phone.e164 };
  };

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  it('texts a notification to the member’s phone once, however often it is asked', async () => {
    const { userId, phone } = await memberWithPhone();
    const notificationId = randomUUID();
    expect(await text(userId, notificationId)).toEqual(['sent']);
    expect(await text(userId, notificationId)).toEqual(['sent']);
    expect(textsTo(sut, phone)).toBe(2); // the sign-in code and the one alert
  });

  it('texts nobody without a phone', async () => {
    const { user } = await sut.call(Calls.users.create, {});
    expect(await text(user.id)).toEqual(['no_phone']);
  });

  it(`texts at most ${SMS_ALERTS_PER_HOUR} alerts an hour; an hour later, again`, async () => {
    const { userId, phone } = await memberWithPhone();
    for (let i = 0; i < SMS_ALERTS_PER_HOUR; i++) expect(await text(userId)).toEqual(['sent']);
    expect(await text(userId)).toEqual(['over_hourly_cap']);
    expect(textsTo(sut, phone)).toBe(1 + SMS_ALERTS_PER_HOUR);

    await sut.service.runtime.dataSource.query(`UPDATE users.texted_alerts SET created_at = created_at - interval '61 minutes' WHERE user_id = $1`, [userId]);
    expect(await text(userId)).toEqual(['sent']);
  });

  it('keeps parallel requests for one member under the cap', async () => {
    const { userId } = await memberWithPhone();
    const outcomes = (await Promise.all(Array.from({ length: SMS_ALERTS_PER_HOUR + 3 }, () => text(userId)))).flat();
    expect(outcomes.filter((o) => o === 'sent')).toHaveLength(SMS_ALERTS_PER_HOUR);
    expect(outcomes.filter((o) => o === 'over_hourly_cap')).toHaveLength(3);
  });
});
