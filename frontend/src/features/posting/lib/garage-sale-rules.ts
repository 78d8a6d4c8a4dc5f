import { GARAGE_SALE_CATEGORIES as CONTRACT_CATEGORIES, GARAGE_SALE_DEFAULT_HOURS, GARAGE_SALE_MAX_HOURS, GARAGE_SALE_MIN_HOURS, GARAGE_SALE_CATEGORY, TITLE_MAX, DESCRIPTION_MAX } from '@curbside/contracts';

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

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function emptyGarageSale(): GarageSaleValues {
  return {
    title: '',
    description: '',
    category: 'Other',
    locationDescription: '',
    address: '',
    contactInfo: '',
    startDate: today(),
    startTime: '08:00',
    endDate: today(),
    endTime: '17:00',
    timeLimit: String(DEFAULT_DURATION),
  };
}

/** A non-numeric duration falls back to 72 hours. */
export function parseDuration(value: string): number {
  const n = Number.parseInt(value, 10);
  return Number.isFinite(n) ? n : DEFAULT_DURATION;
}

/** Every rule and message of spec §5 for the dedicated form. */
export function validateGarageSale(v: GarageSaleValues): GarageSaleErrors {
  const errors: GarageSaleErrors = {};
  if (!v.title.trim()) errors.title = 'Title is required';
  else if (v.title.trim().length > TITLE_MAX) errors.title = `Title must be under ${TITLE_MAX} characters`;
  if (v.description.trim().length > DESCRIPTION_MAX) errors.description = `Description must be under ${DESCRIPTION_MAX} characters`;
  if (!v.category) errors.category = 'Category is required';
  if (!v.locationDescription.trim()) errors.locationDescription = 'Location is required';
  if (!v.address.trim()) errors.address = 'Full address is required';
  if (!v.contactInfo.trim()) errors.contactInfo = 'Contact information is required';
  if (!v.startDate) errors.startDate = 'Start date is required';
  if (!v.startTime) errors.startTime = 'Start time is required';
  if (!v.endDate) errors.endDate = 'End date is required';
  if (!v.endTime) errors.endTime = 'End time is required';
  else if (v.startDate && v.startTime && v.endDate && new Date(`${v.endDate}T${v.endTime}`) <= new Date(`${v.startDate}T${v.startTime}`)) errors.endTime = 'The end must be after the start';
  const hours = parseDuration(v.timeLimit);
  if (hours < GARAGE_SALE_MIN_HOURS) errors.timeLimit = 'Garage sales must be posted for at least 24 hours';
  else if (hours > GARAGE_SALE_MAX_HOURS) errors.timeLimit = 'Maximum 7 days';
  return errors;
}

/** Local date + time → ISO timestamp. */
export function toIso(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}
