import type { NewRoleplay, Scorecard } from '../queries/roleplays';
import type { NewScript } from '../queries/scripts';
import type { SessionResponse, SessionSnippet } from '../queries/sessions';

// The words of the demo data set: realistic enough to click through in the API and the Web UI.

const discoveryScorecard: Scorecard = {
  criteria: [
    {
      title: 'Opened with an agenda',
      description: 'States purpose, time and desired outcome in the first minute.',
      weight: 1,
      sectionTitle: 'Opening',
    },
    {
      title: 'Asked about current process',
      description: 'Uncovers how the customer solves the problem today.',
      weight: 2,
      sectionTitle: 'Discovery',
    },
    {
      title: 'Quantified the pain',
      description: 'Gets a number (hours, money, churn) attached to the problem.',
      weight: 2,
      sectionTitle: 'Discovery',
    },
    {
      title: 'Agreed on a next step',
      description: 'Ends with a dated next step both sides accept.',
      weight: 1,
      sectionTitle: 'Closing',
    },
  ],
  metrics: [
    {
      title: 'Talk ratio under 60%',
      description: 'The rep speaks less than 60% of the time.',
      weight: 1,
      sectionTitle: 'Delivery',
    },
    {
      title: 'At least five questions',
      description: 'Asks five or more open questions.',
      weight: 1,
      sectionTitle: 'Delivery',
    },
  ],
};

const objectionScorecard: Scorecard = {
  criteria: [
    {
      title: 'Acknowledged the objection',
      description: 'Repeats the concern before answering it.',
      weight: 1,
      sectionTitle: 'Handling',
    },
    {
      title: 'Reframed on value',
      description: 'Moves the conversation from price to outcome.',
      weight: 2,
      sectionTitle: 'Handling',
    },
  ],
  metrics: [
    {
      title: 'No filler words streak',
      description: 'Fewer than ten filler words overall.',
      weight: 1,
      sectionTitle: 'Delivery',
    },
  ],
};

export const demoRoleplays: NewRoleplay[] = [
  {
    title: 'Discovery call with an operations director',
    instructions: 'Run a 10-minute discovery call. Find out how the customer schedules field technicians today.',
    objective: 'Uncover the cost of manual scheduling and book a demo.',
    passingScore: 70,
    isLive: true,
    language: 'en',
    conversationStarters: ['Thanks for taking the time today, Dana.', 'Before we dive in, can I share a quick agenda?'],
    keyterms: ['dispatch', 'utilization', 'SLA'],
    timerInSeconds: 600,
    maxAttempts: null,
    conversationType: { title: 'Discovery call', roleplayType: 'Train' },
    customerPersona: {
      name: 'Dana Ortiz',
      imageUrl: 'https://images.example.com/personas/dana.png',
      tags: ['operations', 'skeptical'],
    },
    customerBackground: {
      title: 'Regional HVAC services company, 120 technicians',
      tags: ['field service', 'mid-market'],
    },
    customAttributes: { lmsCourseId: 'DISC-101', difficulty: 'intermediate' },
    scorecard: discoveryScorecard,
  },
  {
    title: 'Handling the "too expensive" objection',
    instructions: 'The customer likes the product but says the price is too high. Keep the deal alive.',
    passingScore: 80,
    isLive: false,
    isBlind: true,
    language: 'en',
    conversationType: { title: 'Objection handling', roleplayType: 'Train' },
    customerPersona: { name: 'Sam Lee', imageUrl: '', tags: ['procurement'] },
    customerBackground: { title: 'Procurement lead at a logistics firm', tags: ['enterprise'] },
    scorecard: objectionScorecard,
  },
];

export const childRoleplay: NewRoleplay = {
  title: 'Cold call: first contact',
  instructions: 'Earn 5 more minutes in the first 30 seconds.',
  passingScore: 60,
  isLive: true,
  language: 'es',
  conversationType: { title: 'Cold call', roleplayType: 'Train' },
  customerPersona: { name: 'Lucía Gómez', imageUrl: 'https://images.example.com/personas/lucia.png', tags: ['busy'] },
  customerBackground: { title: 'Owner of a dental clinic', tags: ['smb'] },
  scorecard: {
    criteria: [
      {
        title: 'Pattern interrupt',
        description: 'Opens differently from a typical cold call.',
        weight: 1,
        sectionTitle: 'Opening',
      },
    ],
    metrics: [],
  },
};

export const demoSnippets: SessionSnippet[] = [
  { isUser: true, text: 'Hi Dana, thanks for making the time. I have twenty minutes blocked; does that still work?' },
  { isUser: false, text: 'Sure, but I have a hard stop at the half hour.' },
  { isUser: true, text: 'Understood. How do you schedule your technicians today?' },
  { isUser: false, text: 'Mostly spreadsheets and a lot of phone calls, honestly.' },
  { isUser: true, text: 'How many hours a week does your team spend on that?' },
  { isUser: false, text: 'Probably thirty hours across the dispatchers.' },
  { isUser: true, text: 'Would it make sense to look at this together with your dispatch lead next Tuesday?' },
  { isUser: false, text: 'Tuesday works. Send me an invite.' },
];

/** Responses for a scorecard: the first `passedCount` items pass. */
export function responsesFor(items: Scorecard['criteria'], passedCount: number): SessionResponse[] {
  return items.map((item, i) => ({
    title: item.title,
    passed: i < passedCount,
    explanation: i < passedCount ? `Done: ${item.description}` : `Missed: ${item.description}`,
    weight: item.weight,
    sectionTitle: item.sectionTitle,
  }));
}

export const demoScripts: NewScript[] = [
  {
    title: 'Elevator pitch (30 seconds)',
    passingScore: 85,
    numLevels: 3,
    userInstructions: 'Memorize the pitch; each level hides more of the words.',
    coverImageUrl: 'https://images.example.com/scripts/pitch.png',
    segments: [
      { order: 1, ogText: 'We help field service companies schedule technicians in minutes, not hours.' },
      { order: 2, ogText: 'Dispatchers drag and drop jobs; the routing engine does the rest.' },
      { order: 3, ogText: 'Customers cut overtime by a fifth in their first quarter.' },
    ],
  },
  {
    title: 'Voicemail script',
    passingScore: 70,
    numLevels: 2,
    userInstructions: 'Say it naturally; the exact wording matters less than the order.',
    coverImageUrl: null,
    segments: [
      { order: 1, ogText: 'Hi, this is Alex from Route Co., calling about your dispatch workload.' },
      { order: 2, ogText: 'I will send a two-line email; reply if it is worth a chat.' },
    ],
  },
];
