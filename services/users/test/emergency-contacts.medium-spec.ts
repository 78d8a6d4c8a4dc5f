import { Calls, ErrorCode, Events, INVALID_PHONE_MESSAGE, UserError } from '@curbside/contracts';
import { ServiceUnderTest, startServiceUnderTest } from '@curbside/testing';
import { usersService } from '../src/users.definition';
import { EmergencyContactsService } from '../src/users/emergency-contacts.service';
import { newPhone, refusalOf } from './users-world';

/** The member's own emergency contact: set, changed and removed by the member; read by nobody else but the emergency lookup. */
describe(EmergencyContactsService.name, () => {
  let sut: ServiceUnderTest;

  const newMember = async () => (await sut.call(Calls.users.create, {})).user.id;
  const sql = <T>(query: string, params: unknown[] = []): Promise<T[]> => sut.service.runtime.dataSource.query(query, params);

  beforeAll(async () => {
    sut = await startServiceUnderTest(usersService);
  });
  afterAll(() => sut?.stop());

  it('keeps the contact with its phone in E.164, changes and removes it, and hands it to the emergency lookup only', async () => {
    const member = await newMember();
    const other = await newMember();
    expect(await sut.call(Calls.users.emergencyContact, {}, member)).toEqual({ emergencyContact: null });
    expect((await sut.call(Calls.users.emergencyLookup, { userId: member })).emergencyContact).toBeNull();

    const phone = newPhone();
    const saved = await sut.call(Calls.users.setEmergencyContact, { emergencyContact: { name: '  Zebediah Ortega ', phone: phone.typed } }, member);
    expect(saved).toEqual({ emergencyContact: { name: 'Zebediah Ortega', phone: phone.e164 } });
    expect(await sut.call(Calls.users.emergencyContact, {}, member)).toEqual(saved);
    const looked = await sut.call(Calls.users.emergencyLookup, { userId: member });
    expect(looked).toMatchObject({ id: member, emergencyContact: { name: 'Zebediah Ortega', phone: phone.e164 } });

    // Nobody else sees it: not the member's own record, not another member's view, not any event.
    expect(JSON.stringify(await sut.call(Calls.users.get, { userId: member }, member))).not.toContain('Zebediah');
    expect(JSON.stringify(await sut.call(Calls.users.get, { userId: member }, other))).not.toContain('Zebediah');
    expect(await sut.call(Calls.users.emergencyContact, {}, other)).toEqual({ emergencyContact: null });
    const events = await sql<{ payload: unknown }>(`SELECT payload FROM users.outbox_events WHERE subject = $1`, [Events.userUpdated.subject]);
    expect(JSON.stringify(events)).not.toContain('Zebediah');

    const changed = await sut.call(Calls.users.setEmergencyContact, { emergencyContact: { name: 'Sam Ortega', phone: phone.e164 } }, member);
    expect(changed.emergencyContact?.name).toBe('Sam Ortega');
    expect(await sut.call(Calls.users.setEmergencyContact, { emergencyContact: null }, member)).toEqual({ emergencyContact: null });
    expect((await sut.call(Calls.users.emergencyLookup, { userId: member })).emergencyContact).toBeNull();
  });

  it('refuses a number it cannot read, an empty name, and a member who does not exist', async () => {
    const member = await newMember();
    expect(await refusalOf(sut.call(Calls.users.setEmergencyContact, { emergencyContact: { name: 'Zebediah', phone: '12' } }, member))).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: expect.stringContaining(INVALID_PHONE_MESSAGE),
    });
    expect(await refusalOf(sut.call(Calls.users.setEmergencyContact, { emergencyContact: { name: '   ', phone: newPhone().typed } }, member))).toMatchObject({
      code: ErrorCode.VALIDATION_FAILED,
      message: expect.stringContaining("Enter the contact's name"),
    });
    expect(await sut.call(Calls.users.emergencyContact, {}, member)).toEqual({ emergencyContact: null });
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(await refusalOf(sut.call(Calls.users.setEmergencyContact, { emergencyContact: null }, ghost))).toMatchObject({ code: UserError.NOT_FOUND });
  });
});
