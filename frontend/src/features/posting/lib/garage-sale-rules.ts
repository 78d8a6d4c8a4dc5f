import { createGarageSaleRequestSchema } from '@curbside/contracts';
import {
  GARAGE_SALE_CATEGORIES as CONTRACT_CATEGORIES,
  GARAGE_SALE_CATEGORY,
  GARAGE_SALE_DEFAULT_HOURS,
  GARAGE_SALE_ENDED_MESSAGE,
  GARAGE_SALE_MAX_HOURS,
  ErrorCode,
} from '@curbside/contracts/client';
import { z } from 'zod';
import { errorMessage, hasErrorCode } from '../../../lib/api-client';

/** The Post Garage Sale form's values as typed. */
export interface GarageSaleValues {
  title: string;
  description: string;
  category: string;
  locationDescription: string;
  address: string;
  contactInfo: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeLimit: string;
}

export type GarageSaleErrors = Partial<Record<keyof GarageSaleValues, string>>;

/** The form offers the spec's eleven; the generic "Garage Sale" is the server's default when none is sent. */
export const GARAGE_SALE_CATEGORIES = CONTRACT_CATEGORIES.filter((c) => c !== GARAGE_SALE_CATEGORY);
export const DEFAULT_DURATION = GARAGE_SALE_DEFAULT_HOURS;
export const GARAGE_SALE_DURATIONS = Array.from({ length: GARAGE_SALE_MAX_HOURS / 24 }, (_, i) => (i + 1) * 24);

/** Spec §8: a sale's default hours. */
const DEFAULT_START_TIME = '08:00';
const DEFAULT_END_TIME = '17:00';

function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function localDateTime(date: string, time: string): Date | undefined {
  if (!date || !time) return undefined;
  const at = new Date(`${date}T${time}`);
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/** Today's 08:00–17:00, or tomorrow's once today's has ended (the server refuses a sale that is already over). */
export function emptyGarageSale(now: Date = new Date()): GarageSaleValues {
  let day = localDate(now);
  if ((localDateTime(day, DEFAULT_END_TIME)?.getTime() ?? 0) <= now.getTime()) {
    day = localDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
  }
  return {
    title: '',
    description: '',
    category: 'Other',
    locationDescription: '',
    address: '',
    contactInfo: '',
    startDate: day,
    startTime: DEFAULT_START_TIME,
    endDate: day,
    endTime: DEFAULT_END_TIME,
    timeLimit: String(DEFAULT_DURATION),
  };
}

/** A non-numeric duration falls back to 72 hours. */
export function parseDuration(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : DEFAULT_DURATION;
}

const FIELDS: ReadonlyArray<keyof GarageSaleValues> = [
  'title',
  'description',
  'category',
  'locationDescription',
  'address',
  'contactInfo',
  'startDate',
  'startTime',
  'endDate',
  'endTime',
  'timeLimit',
];

/** Where each field of the contract's garage-sale payload is typed in the form. */
const FORM_FIELD: Record<string, keyof GarageSaleValues> = {
  title: 'title',
  description: 'description',
  category: 'category',
  locationDescription: 'locationDescription',
  garageSaleAddress: 'address',
  garageSaleContactInfo: 'contactInfo',
  garageSaleStartTime: 'startDate',
  garageSaleEndTime: 'endTime',
  timeLimit: 'timeLimit',
};

function isoOrUndefined(date: string, time: string): string | undefined {
  return localDateTime(date, time)?.toISOString();
}

/** The POST /api/items body of a garage sale (spec §3) from the form; the position is the device's. */
export function garageSalePayload(v: GarageSaleValues, position: { lat: number; lng: number }) {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    category: v.category,
    latitude: String(position.lat),
    longitude: String(position.lng),
    locationDescription: v.locationDescription.trim(),
    pricingType: 'free' as const,
    timeLimit: parseDuration(v.timeLimit),
    isGarageSale: true as const,
    garageSaleStartTime: isoOrUndefined(v.startDate, v.startTime) as string,
    garageSaleEndTime: isoOrUndefined(v.endDate, v.endTime) as string,
    garageSaleAddress: v.address.trim(),
    garageSaleContactInfo: v.contactInfo.trim(),
  };
}

/**
 * The form checked by the contract's own garage-sale schema, plus the split date and time fields of spec §5 that the
 * contract sees only joined ("Start time is required"). First message per field, in the form's order.
 */
export const garageSaleFormSchema = z
  .object(Object.fromEntries(FIELDS.map((f) => [f, z.string()])) as Record<keyof GarageSaleValues, z.ZodString>)
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    const add = (field: keyof GarageSaleValues, message: string) => {
      if (seen.has(field)) return;
      seen.add(field);
      ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (!v.startDate) add('startDate', 'Start date is required');
    if (!v.startTime) add('startTime', 'Start time is required');
    if (!v.endDate) add('endDate', 'End date is required');
    if (!v.endTime) add('endTime', 'End time is required');
    // The position is checked when posting (it comes from the device); any valid one stands in here.
    const result = createGarageSaleRequestSchema.safeParse(garageSalePayload(v, { lat: 0, lng: 0 }));
    for (const issue of result.error?.issues ?? []) {
      const field = FORM_FIELD[String(issue.path[0])];
      if (!field || (field === 'startDate' && seen.has('startTime')) || (field === 'endTime' && seen.has('endDate'))) continue;
      add(field, issue.message);
    }
    const end = localDateTime(v.endDate, v.endTime);
    if (end && end.getTime() <= Date.now()) add('endTime', GARAGE_SALE_ENDED_MESSAGE);
  });

/** Every rule and message of spec §5 for the garage-sale forms, from the contract's schema. */
export function validateGarageSale(v: GarageSaleValues): GarageSaleErrors {
  const issues = garageSaleFormSchema.safeParse(v).error?.issues ?? [];
  const errors: GarageSaleErrors = {};
  for (const field of FIELDS) {
    const issue = issues.find((i) => i.path[0] === field);
    if (issue) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Where the form shows the server's refusal of a post: the wire's VALIDATION_FAILED names no field, so the form's own
 * check runs again now (a schedule can pass its end while the form is open) and the field refused with the same words
 * takes it, else the first field it refuses. "Already ended" is the end time's whatever this device's clock says: the
 * server's clock decided, and a phone a few minutes slow finds nothing wrong itself.
 */
export function fieldOfRefusal(error: unknown, values: GarageSaleValues): keyof GarageSaleValues | undefined {
  if (!hasErrorCode(error, ErrorCode.VALIDATION_FAILED)) return undefined;
  const message = errorMessage(error);
  if (message === GARAGE_SALE_ENDED_MESSAGE) return 'endTime';
  const errors = validateGarageSale(values);
  return FIELDS.find((field) => errors[field] === message) ?? FIELDS.find((field) => errors[field]);
}

/** Local date + time → ISO timestamp. */
export function toIso(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}
