import { TextRule } from './text-rule';

/**
 * Prohibited items (docs/product-rules.md, Automated checks): weapons, drugs, alcohol, tobacco, medication and
 * recalled products may not be given away on Curbside. They are read in items (title and description) and in
 * comments; handover messages are private talk about a pickup and only the scam rules read them. What is always
 * dangerous or illegal to hand to a stranger is high (held): firearms, ammunition, explosives, illegal drugs,
 * controlled medicines, products banned after a recall. What is prohibited but ordinary is low (published and
 * flagged): alcohol, tobacco, medication in general, knives beyond the kitchen, a product said to be recalled.
 * Each pattern spells out the household goods that share a word (glue gun, wine rack, knife block, weed
 * trimmer, medicine cabinet, scotch tape) so they never hit.
 */

const rx = (source: string) => new RegExp(source, 'g');

/** Tools and toys called guns. */
const NOT_A_GUN = String.raw`(?<!\b(?:glue|nail|staple|stapler|water|nerf|toy|heat|caulk|caulking|spray|paint|grease|massage|squirt|cap|foam|sealant|label|tape|price|solder|soldering|glitter|bubble|radar|top|hot|air|tattoo|brad|rivet|framing|finish|pin|zip tie|lint|dart|silicone|fog|bbq|lighter|tag|airsoft|bb|pellet|blow) )`;
const NOT_GUN_GEAR = String.raw`(?! ?(?:metal|safe|cabinet|shy)\b)`;

export const PROHIBITED_ITEM_RULES: readonly TextRule[] = [
  {
    id: 'prohibited.weapons',
    label: 'weapons or ammunition',
    kinds: ['item', 'comment'],
    high: rx(
      String.raw`${NOT_A_GUN}\bguns?\b${NOT_GUN_GEAR}|\b(?:firearms?|rifles?(?! scope)|shotguns?|handguns?|revolvers?(?! ?\(?(?:lp|vinyl|album|record|cd)\b)|ammo|ammunition|gunpowder|grenades?|explosives?|ar-?15s?|ak-?47s?|glocks?|9 ?mm (?:rounds|pistol|handgun)|12 gauge|switchblades?|brass knuckles|stun guns?|tasers?)\b|\bpistols?\b(?![ -]grip)`,
    ),
    low: rx(
      String.raw`\b(?:(?:hunting|combat|tactical|bowie|butterfly|gravity|throwing|fixed blade|survival) kni(?:fe|ves)|daggers?|machetes?|swords?|crossbows?|bayonets?|nunchucks?|pepper spray|bear spray|(?:bb|airsoft|pellet) (?:guns?|rifles?|pistols?)|air (?:rifles?|pistols?)|rifle scope|gun (?:case|holster)s?|holsters?)\b`,
    ),
  },
  {
    id: 'prohibited.drugs',
    label: 'illegal drugs',
    kinds: ['item', 'comment'],
    high: rx(
      String.raw`\b(?:cocaine|coke (?:bags?|baggies)|crack rocks?|heroin|meth(?:amphetamine)?|fentanyl|mdma|molly|ecstasy pills|lsd|acid tabs|shrooms|psilocybin|magic mushrooms|ketamine|marijuana|cannabis|thc|weed(?! (?:killer|whacker|wacker|eater|trimmer|barrier|block|control|puller|cloth|fabric|torch|preventer|and feed|n feed|free)\b)|edibles|pot brownies|dab pens?|dabs)\b`,
    ),
    low: rx(String.raw`\b(?:bongs?|dab rigs?|(?:weed|herb) grinders?|rolling papers|cbd|kratom|delta[ -]?8)\b`),
  },
  {
    id: 'prohibited.alcohol',
    label: 'alcohol',
    kinds: ['item', 'comment'],
    low: rx(
      String.raw`(?<!\b(?:root|ginger|birch) )\b(?:wines?(?![ -](?:rack|racks|glass|glasses|fridge|cooler|opener|openers|cork|corks|stopper|stoppers|holder|holders|cabinet|bottle holder|red|colou?red|barrel planter|charms|decanter|aerator|book|tote)\b)|beers?(?![ -](?:pong|glass|glasses|stein|steins|mug|mugs|sign|signs|tap handle|koozie|koozies|fridge|making kit|brewing kit)\b)|vodka|whiske?y|tequila|bourbon|champagne(?! (?:flutes?|glass|glasses|colou?r|colou?red|gold)\b)|liquor(?! store)|booze|prosecco|brandy|cognac|scotch(?! (?:tape|guard|brite)\b)|moonshine|hard seltzers?|hard cider|mezcal|rum(?! (?:raisin|cake|extract|flavou?ring)\b)|gin(?! rummy\b))\b`,
    ),
  },
  {
    id: 'prohibited.tobacco',
    label: 'tobacco or vaping products',
    kinds: ['item', 'comment'],
    low: rx(
      String.raw`(?<!\bcar )\b(?:cigarettes?(?! (?:lighter|lighters) (?:adapter|adapters|charger|chargers|socket|plug)\b)|cigars?(?! box(?:es)?\b)|cigarillos?|tobacco(?![ -](?:brown|colou?r|colou?red|leather)\b)|nicotine|vapes?|vape pens?|e ?cigs?|e ?cigarettes?|juuls?|juul pods|chewing tobacco|snus|hookah tobacco|shisha)\b`,
    ),
  },
  {
    id: 'prohibited.medication',
    label: 'medication',
    kinds: ['item', 'comment'],
    high: rx(
      String.raw`\b(?:oxycodone|oxycontin|oxy pills|percocets?|vicodin|hydrocodone|codeine|adderall|xanax|valium|klonopin|tramadol|morphine|dilaudid|suboxone|methadone|ritalin|vyvanse)\b`,
    ),
    low: rx(
      String.raw`\b(?:pills(?! (?:box|boxes|organi[sz]ers?|cases?|cutters?|dispensers?)\b)|(?:leftover|unused|extra|expired|spare) (?:prescription|meds|medications?|medicine|pills|antibiotics|insulin)|prescription (?:meds|medications?|drugs|pills|bottles? of)|medications?|meds|antibiotics|painkillers|pain killers|opioids|insulin(?! (?:cooler|cooling|travel|case|pump case)\b)|epi ?pens?|inhalers?)\b`,
    ),
  },
  {
    id: 'prohibited.recalled',
    label: 'recalled or banned products',
    kinds: ['item', 'comment'],
    high: rx(
      String.raw`\b(?:drop[ -]?side cribs?|rock (?:'?n'?|and) play(?: sleepers?)?|inclined (?:infant |baby )?sleepers?|(?:boppy|newborn) loungers?|infant sleep positioners?|sleep positioners?|crib bumpers?|baby bath seats? with suction)\b`,
    ),
    low: rx(String.raw`(?<!\btotal )\b(?:recalled|recall (?:notice|list|letter)|under (?:a |the )?recall|safety recall|was recalled|been recalled)\b`),
  },
];
