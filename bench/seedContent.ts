import type { Scorecard } from '../db/queries/roleplays';

// Word pools for the benchmark data set: enough variety that rows differ in length and content the
// way real ones do, cheap enough to generate a million rows in seconds.

export const firstNames = [
  'Ava',
  'Liam',
  'Maya',
  'Noah',
  'Zoe',
  'Ethan',
  'Lena',
  'Omar',
  'Priya',
  'Diego',
  'Hana',
  'Jonas',
  'Chloe',
  'Mateo',
  'Aisha',
  'Lucas',
  'Nora',
  'Kenji',
  'Sofia',
  'Felix',
  'Ines',
  'Tariq',
  'Greta',
  'Ravi',
  'Elena',
  'Samir',
  'Ingrid',
  'Tomás',
];
export const lastNames = [
  'Garcia',
  'Nguyen',
  'Smith',
  'Müller',
  'Rossi',
  'Kowalski',
  'Okafor',
  'Tanaka',
  'Dubois',
  'Silva',
  'Novak',
  'Haddad',
  'Andersen',
  'Patel',
  'Kim',
  'Martin',
  'Ferreira',
  'Schmidt',
  'Lopez',
  'Ivanova',
  'Brown',
  'Jensen',
  'Moreau',
  'Costa',
];

export const repLines = [
  'Thanks for making the time today. I have twenty minutes blocked; does that still work for you?',
  'Before we dive in, can I share a quick agenda and you tell me what to add?',
  'How do you handle scheduling for your field teams today?',
  'What happens when a technician calls in sick on a busy morning?',
  'Roughly how many hours a week does your team spend re-planning routes?',
  'If you could fix one thing about the current process, what would it be?',
  'Who else would need to weigh in before a change like this goes ahead?',
  'Would it make sense to look at this together with your dispatch lead next Tuesday?',
  'I hear you on the price. Can we look at what the overtime costs you per quarter first?',
  'Customers your size usually cut overtime by about a fifth in the first quarter.',
];
export const customerLines = [
  'Sure, but I have a hard stop at the half hour.',
  'Mostly spreadsheets and a lot of phone calls, honestly.',
  'Probably thirty hours across the dispatchers, maybe more in winter.',
  'We tried a tool like this two years ago and it did not stick.',
  'The price is the main thing holding us back right now.',
  'Our operations director would want to see a pilot first.',
  'Tuesday works. Send me an invite.',
  'I am not sure this is a priority for this quarter.',
];

const sections = ['Opening', 'Discovery', 'Handling', 'Closing', 'Delivery'];
const criterionTitles = [
  'Opened with an agenda',
  'Asked about current process',
  'Quantified the pain',
  'Agreed on a next step',
  'Acknowledged the objection',
  'Reframed on value',
  'Named the decision makers',
  'Summarised before closing',
];
const metricTitles = [
  'Talk ratio under 60%',
  'At least five questions',
  'Fewer than ten filler words',
  'Used the customer name',
];

/** A scorecard of 3 or 4 criteria and 1 or 2 metrics, varied by `n`. */
export function scorecardFor(n: number): Scorecard {
  const criteria = Array.from({ length: 3 + (n % 2) }, (_, i) => {
    const title = criterionTitles[(n + i) % criterionTitles.length];
    return {
      title,
      description: `${title} within the first part of the call.`,
      weight: 1 + ((n + i) % 2),
      sectionTitle: sections[(n + i) % 4],
    };
  });
  const metrics = Array.from({ length: 1 + (n % 2) }, (_, i) => {
    const title = metricTitles[(n + i) % metricTitles.length];
    return { title, description: `${title}, measured over the whole call.`, weight: 1, sectionTitle: 'Delivery' };
  });
  return { criteria, metrics };
}

export const roleplayKinds = [
  { title: 'Discovery call', roleplayType: 'Train' },
  { title: 'Objection handling', roleplayType: 'Train' },
  { title: 'Cold call', roleplayType: 'Train' },
  { title: 'Renewal negotiation', roleplayType: 'Interview' },
];

export const scriptLines = [
  'We help field service companies schedule technicians in minutes, not hours.',
  'Dispatchers drag and drop jobs; the routing engine does the rest.',
  'Customers cut overtime by a fifth in their first quarter.',
  'Hi, this is Alex from Route Co., calling about your dispatch workload.',
  'I will send a two-line email; reply if it is worth a chat.',
  'Most teams see the first results within two weeks of going live.',
];
