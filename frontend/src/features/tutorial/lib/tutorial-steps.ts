import type { LucideIcon } from 'lucide-react';
import { Bell, CalendarDays, Hand, Home, Map, PartyPopper, Plus, Recycle, Sparkles, Trophy, UserRound } from 'lucide-react';
import { DAILY_POST_CREDITS } from '@curbside/contracts/client';
import { PENDING_POINTS_RULE } from '../../../lib/pending-points';

export interface TutorialStep {
  title: string;
  body: string;
  icon: LucideIcon;
}

/** The app tour (accounts spec §2 Tutorial): 11 steps, from the welcome to "ready". */
export const TUTORIAL_STEPS: readonly TutorialStep[] = [
  {
    title: 'Take a Quick Tour',
    body: 'Welcome to Curbside! Neighbours share what they no longer need: furniture on the curb, free finds and garage sales. This short tour shows you around.',
    icon: Recycle,
  },
  {
    title: 'Map View',
    body: 'The Map shows every item near you as a pin. Tap a pin to see the item, how far away it is and how long it stays up.',
    icon: Map,
  },
  {
    title: 'Your Profile',
    body: 'The profile button at the top right opens your points, rank, badges and settings. Verify your account there too.',
    icon: UserRound,
  },
  {
    title: 'Post an Item',
    body: `The button in the middle of the bottom bar posts something you are giving away. Add a photo, a title and a category: a post earns you points (up to ${DAILY_POST_CREDITS} posts a day), ${PENDING_POINTS_RULE}.`,
    icon: Plus,
  },
  {
    title: 'Garage Sale Events',
    body: 'Holding a garage sale? Choose Garage Sale when you post to share its address, dates and hours with neighbours nearby.',
    icon: CalendarDays,
  },
  {
    title: 'Feed and Map Buttons',
    body: 'Feed lists the newest finds around you; Map shows the same items as pins. Switch between them any time from the bottom bar.',
    icon: Home,
  },
  {
    title: 'Messages and Notifications',
    body: 'The bell at the top tells you when someone wants your item, when a reservation is confirmed and when a post is about to expire.',
    icon: Bell,
  },
  {
    title: 'Scout Mode',
    body: 'Verified neighbours can become Curb Scouts with the sparkle button at the top: spot something good on the curb, snap a photo and post it as a free find for 24 hours.',
    icon: Sparkles,
  },
  {
    title: 'Claiming Items',
    body: 'Found something you want? Reserve it with First Dibs, head over, and confirm the pickup with a photo when you have it.',
    icon: Hand,
  },
  {
    title: 'Points and Badges',
    body: 'Posting, scouting and picking up earn points. Climb the leaderboard, collect badges and spend points in the shop.',
    icon: Trophy,
  },
  {
    title: "You're Ready!",
    body: 'That is everything. You can replay this tour any time from App Tutorial on your profile. Happy curbside hunting!',
    icon: PartyPopper,
  },
];
