import { ESTABLISHED_ACCOUNT_MS } from '@curbside/contracts';

/**
 * When reports put an item, comment or member in "pending review" (docs/product-rules.md, Moderation): two distinct
 * verified reporters, or three distinct members whose accounts are older than a day; after a moderator restored it,
 * five reports filed since, within seven days. A reporter overruled three times in 90 days counts half, and only a
 * reporter's first five reports in 24 hours count at all, and none from a member the reported member blocked.
 */
export const VERIFIED_REPORTERS_TO_HIDE = 2;
export const ESTABLISHED_REPORTERS_TO_HIDE = 3;
export const REPORTS_TO_HIDE_AFTER_RESTORE = 5;
export const RESTORE_WINDOW_DAYS = 7;
export const OVERRULED_TO_HALVE = 3;
export const OVERRULED_WINDOW_DAYS = 90;
/**
 * A member's reports that count toward hiding anything in any 24 hours: the first five. Later ones are kept and shown
 * to moderators and count for nothing. Verification costs only a phone number; without this, two such accounts could
 * hide every post, comment and member around them.
 */
export const REPORTS_COUNTED_PER_DAY = 5;

const DAY_MS = 24 * 3600 * 1000;

/** One report as escalation weighs it: who filed it, and when. */
export interface WeighedReport {
  verified: boolean;
  accountCreatedAt: Date;
  /** The reporter's reports a moderator overruled in the last 90 days. */
  overruledRecently: number;
  createdAt: Date;
  /** The reporter's reports filed in the 24 hours before this one. */
  earlierToday: number;
  /** The member whose content it is blocked the reporter: a blocked member's reports are shown, never counted. */
  blockedByOwner: boolean;
}

/** 1, or ½ for a reporter moderators overruled three times in 90 days. */
export function reporterWeight(report: Pick<WeighedReport, 'overruledRecently'>): number {
  return report.overruledRecently >= OVERRULED_TO_HALVE ? 0.5 : 1;
}

const established = (report: WeighedReport, now: Date) => now.getTime() - report.accountCreatedAt.getTime() > ESTABLISHED_ACCOUNT_MS;

const countable = (report: WeighedReport) => report.earlierToday < REPORTS_COUNTED_PER_DAY && !report.blockedByOwner;

/**
 * Whether a report counts toward any threshold at all: a verified reporter, or an account older than a day, among
 * the reporter's first REPORTS_COUNTED_PER_DAY reports in 24 hours, and not blocked by the member it reports.
 */
export function counts(report: WeighedReport, now: Date): boolean {
  return (report.verified || established(report, now)) && countable(report);
}

/**
 * Whether these reports (one per member, as the database keeps them) hide the target. `restoredAt`: when a
 * moderator last restored it; then only reports filed since, and within the last seven days, count.
 */
export function shouldHide(reports: WeighedReport[], restoredAt: Date | null, now: Date = new Date()): boolean {
  const sum = (list: WeighedReport[]) => list.filter(countable).reduce((total, r) => total + reporterWeight(r), 0);
  if (restoredAt) {
    const since = Math.max(restoredAt.getTime(), now.getTime() - RESTORE_WINDOW_DAYS * DAY_MS);
    return sum(reports.filter((r) => r.createdAt.getTime() > since && counts(r, now))) >= REPORTS_TO_HIDE_AFTER_RESTORE;
  }
  return (
    sum(reports.filter((r) => r.verified)) >= VERIFIED_REPORTERS_TO_HIDE || sum(reports.filter((r) => established(r, now))) >= ESTABLISHED_REPORTERS_TO_HIDE
  );
}

export const OVERRULED_WINDOW_MS = OVERRULED_WINDOW_DAYS * DAY_MS;
