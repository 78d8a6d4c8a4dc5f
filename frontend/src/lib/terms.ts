/** The Terms of Use & Safety Disclaimer (accounts spec §2: 8 sections), shown from the profile and onboarding. */
export const TERMS_TITLE = 'Terms of Use & Safety Disclaimer';

export interface TermsSection {
  heading: string;
  paragraphs: string[];
}

export const TERMS_SECTIONS: readonly TermsSection[] = [
  {
    heading: '1. Acceptance of Terms',
    paragraphs: [
      'By using Curbside you agree to these terms. If you do not agree, please do not use the app.',
      'Curbside connects neighbours who leave items at the curb, hold garage sales, or want to pick things up. We are not a party to any exchange between members.',
    ],
  },
  {
    heading: '2. Your Safety Comes First',
    paragraphs: [
      'You are responsible for your own safety whenever you post, pick up or meet anyone. Trust your instincts: if a pickup or a place feels wrong, leave.',
      'Pick up in daylight and in public, well-lit places where you can. Tell someone where you are going. Never enter a stranger’s home or vehicle.',
    ],
  },
  {
    heading: '3. Pickups and Meetings',
    paragraphs: [
      'Only take items that were posted on Curbside and are clearly left out for pickup. Do not go onto private property beyond the curb or driveway without permission.',
      'Respect the time limit of a post and any first-dibs reservation. Take a verification photo at pickup when the app asks for one; rewards are released only after it passes.',
    ],
  },
  {
    heading: '4. Never Use the App While Driving',
    paragraphs: [
      'Do not look at, post to or browse Curbside while driving. Pull over and park safely first. The app warns you when it detects that you are moving at driving speed.',
    ],
  },
  {
    heading: '5. Items Are Offered As Is',
    paragraphs: [
      'Items are given away or handed over as is, without any warranty. Check items yourself before you take them; be careful with furniture, electronics, children’s products and anything that could have been recalled.',
      'Do not post food, medicine, weapons, hazardous materials, or anything illegal to give away in your area.',
    ],
  },
  {
    heading: '6. Points, Rewards and Plans',
    paragraphs: [
      'Points, ranks and badges are earned in the app and have no cash value. Points taken back (for example when a post is removed after reports) are deducted from your balance.',
      'Reward amounts for paid pickups are agreed between members. Plans record the features you chose; any charge would be shown to you clearly before it is made.',
    ],
  },
  {
    heading: '7. Community Conduct',
    paragraphs: [
      'Be kind and honest. Describe items truthfully, do not post duplicates or spam, and do not harass other members. Report posts that break these rules; posts with enough reports are taken down.',
      'We may remove content or accounts that put members at risk or break these terms.',
    ],
  },
  {
    heading: '8. Privacy, Liability and Emergencies',
    paragraphs: [
      'Item locations are shown about 150 metres off the exact spot until you hold the item; your own position is never shown to other members. Your phone number and name stay private.',
      'In a safety emergency, administrators may look up account information. All such access is logged and audited.',
      'To the fullest extent the law allows, Curbside is not liable for items, pickups or meetings arranged through the app.',
    ],
  },
];
