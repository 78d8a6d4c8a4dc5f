import { Injectable } from '@nestjs/common';
import { EmergencyContactRequest, EmergencyContactResponse, emergencyContactSchema, User } from '@curbside/contracts';
import { EmergencyContactsRepository } from './emergency-contacts.repository';
import { UsersService } from './users.service';

/**
 * A member's emergency contact (docs/security.md): the member sets and reads their own; otherwise only the emergency
 * lookup, which the emergency service makes after its admin, elevation and reason checks, receives it.
 */
@Injectable()
export class EmergencyContactsService {
  constructor(
    private readonly contacts: EmergencyContactsRepository,
    private readonly users: UsersService,
  ) {}

  async get(userId: string): Promise<EmergencyContactResponse> {
    await this.users.adminStatus(userId); // a member who does not exist is USER.NOT_FOUND, not an empty answer
    return { emergencyContact: await this.contacts.find(userId) };
  }

  async set(userId: string, request: EmergencyContactRequest): Promise<EmergencyContactResponse> {
    await this.users.adminStatus(userId);
    // The call contract parsed the body already; parsing again here keeps the phone in E.164 whatever the caller sent.
    const contact = request.emergencyContact === null ? null : emergencyContactSchema.parse(request.emergencyContact);
    if (contact) await this.contacts.set(userId, contact);
    else await this.contacts.remove(userId);
    return { emergencyContact: contact };
  }

  async lookup(where: { userId: string } | { phone: string }): Promise<User & EmergencyContactResponse> {
    const user = await this.users.emergencyLookup(where);
    return { ...user, emergencyContact: await this.contacts.find(user.id) };
  }
}
