/**
 * What the shop and the profile say about perks and redemptions (docs/product-rules.md, "Perks" and "Fulfilment"),
 * kept free of the schema library so every screen reads the same words from the contracts' browser entry.
 */

export const SPOTLIGHT_HOURS = 24;
/** A feed shows at most this many spotlights first (the newest); the others stay in their normal place. */
export const SPOTLIGHTS_FIRST_IN_FEED = 2;
export const EXTENDED_HOLD_MINUTES = 60;

/** What each perk does, as the profile's "Your perks" lists it beside "Use". */
export const PERK_WHAT_IT_DOES = {
  spotlight: `Choose one of your available posts: first in nearby feeds and on the map for ${SPOTLIGHT_HOURS} hours.`,
  extra_reservation_time: `Your next hold lasts ${EXTENDED_HOLD_MINUTES} minutes instead of 30.`,
  profile_frame: 'A golden frame on your profile picture, for good.',
} as const;

/**
 * A redemption's life: requested until an administrator sends it (fulfilled) or cancels it (the points go back).
 * Perks and donations have nothing to send by hand: they are fulfilled when redeemed.
 */
export const REDEMPTION_STATUSES = ['requested', 'fulfilled', 'cancelled'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];
export const REDEMPTION_STATUS_LABELS: Record<RedemptionStatus, string> = { requested: 'Requested', fulfilled: 'Fulfilled', cancelled: 'Cancelled' };

/** What delivering a reward needs: nothing (perks, donations), a postal address (goods), the confirmed e-mail (gift card). */
export const DELIVERY_KINDS = ['none', 'postal', 'email'] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** Delivery details are erased this long after the redemption is fulfilled or cancelled. */
export const DELIVERY_KEPT_DAYS = 30;

/** Postal address limits (the redeem form and the server check the same). */
export const ADDRESS_LIMITS = { name: 100, line: 120, city: 80, region: 80, postalCode: 16, country: 56 } as const;

export const FulfilmentMessages = {
  addressRequired: 'This reward is sent by post: enter the address to send it to.',
  deliveryNotTaken: 'Only rewards sent by post take a postal address.',
  emailRequired:
    'The gift card is sent by e-mail to your confirmed address, and you have none yet. Add it on your profile under Notification Settings (turn on E-mail notifications and enter your address), open the link we send you, then redeem again.',
  notAdmin: 'Fulfilment is for administrators only.',
  redemptionNotFound: 'No such redemption',
  closed: (status: 'fulfilled' | 'cancelled') => `This redemption was ${status} already.`,
} as const;
