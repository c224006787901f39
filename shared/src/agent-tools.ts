import type { Vapi } from '@vapi-ai/server-sdk';
import { addressOf } from './agent-scenario.ts';
import type { ProfileLocation } from './brand-profile.ts';
import { serverOf, type CallEventsServer } from './call-events.ts';
import { oneLine, quoted } from './fact-text.ts';
import { typesetFrench } from './french-typography.ts';
import { DEFAULT_LANGUAGE, type Language } from './language.ts';
import type { Lead } from './request-body.ts';
import { territoryAnswer, type Territory, type TerritoryAnswer } from './territories.ts';
import { TOOL_TIMEOUT_SECONDS, type ToolAnswer, type ToolHandler } from './tool-calls.ts';

// What the agent can do during a call besides talk: the provider's function tools a host answers
// at the assistant's server URL (call_events, with the same secret: call-events.ts, tool-calls.ts),
// and the prompt's lines on when to use each. A franchisor's agent checks a territory against the
// operator's list (territories.ts); either side's agent finds free times in the team's calendar and
// books one. Each tool is there only when the host answers it (AgentToolSettings) and reports are on
// (a server URL to answer at); without, the assistant is exactly as before. The tool's words to the
// agent and the visitor come in the lead's language; what the model reads (descriptions, results)
// never carries a visitor's or a site's text but as quoted data.

export const TOOL_NAMES = { territory: 'check_territory', times: 'find_meeting_times', book: 'book_meeting' } as const;
export type ToolName = (typeof TOOL_NAMES)[keyof typeof TOOL_NAMES];

/** Which tools the host answers: a territory list (TERRITORIES_FILE) and a calendar (CALDAV_URL). */
export interface AgentToolSettings {
  territories: boolean;
  calendar: boolean;
  /** Today's date in the calendar's time zone, in the lead's language ("Tuesday 2 December 2025"), so that the model can turn "next Tuesday" into a date. */
  today?: string | undefined;
}

/** Which tools a host has set up: a territory list (TERRITORIES_FILE) and a calendar (CALDAV_URL). */
export type ToolSetup = Pick<AgentToolSettings, 'territories' | 'calendar'>;

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' };

/** Today in the calendar's zone, as the prompt gives it ("Tuesday, 2 December 2025", "mardi 2 décembre 2025"). */
export const todayWords = (now: number, zone: string, language: Language): string =>
  new Intl.DateTimeFormat(DATE_LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(new Date(now));

/** What an assistant is told of the tools set up: which, and with a calendar today's date in its zone; undefined when none is. */
export function agentToolSettings(setup: ToolSetup, language: Language, zone: string, now: number): AgentToolSettings | undefined {
  if (!setup.territories && !setup.calendar) return undefined;
  return { ...setup, ...(setup.calendar ? { today: todayWords(now, zone, language) } : {}) };
}

/** What the tools need of the host's terms: where the provider reports (and sends tool calls), and which tools it answers. */
export interface ToolTerms {
  callEvents?: CallEventsServer | undefined;
  tools?: AgentToolSettings | undefined;
}

/** The tools this lead's agent gets, by name: check_territory for a franchisor only. */
export function toolNames(lead: Pick<Lead, 'businessType'>, terms: ToolTerms): ToolName[] {
  if (!terms.callEvents || !terms.tools) return [];
  return [
    ...(terms.tools.territories && lead.businessType === 'franchisor' ? [TOOL_NAMES.territory] : []),
    ...(terms.tools.calendar ? [TOOL_NAMES.times, TOOL_NAMES.book] : []),
  ];
}

type Side = Lead['businessType'];

/** What each tool is, for the model: when to call it and what its arguments are. */
const DEFINITIONS: Record<Language, Record<ToolName, (side: Side) => Vapi.OpenAiFunction>> = {
  en: {
    check_territory: () => ({
      name: TOOL_NAMES.territory,
      description:
        "Looks up a franchise territory in the franchisor's territory list: open, reserved, taken, or not in the list. Call it whenever the candidate names a territory, city, county, ZIP code or département they want, or asks whether one is available, before saying anything about it. Its answer is the only availability you may state.",
      parameters: {
        type: 'object',
        properties: {
          place: {
            type: 'string',
            description:
              'The place as the candidate said it: a city, county, ZIP or postal code, département or region, with the state or country if they gave one, e.g. "Lyon", "Kings County", "10001", "Rhône".',
          },
        },
        required: ['place'],
      },
    }),
    find_meeting_times: (side) => ({
      name: TOOL_NAMES.times,
      description: `Finds free times for ${side === 'franchisor' ? 'a discovery call with the franchise-development team' : 'an appointment at the location'}, from the team's calendar, each with its day, date and time. Call it when the caller wants ${side === 'franchisor' ? 'a discovery call' : 'an appointment'} or asks when one is possible, before offering any time.`,
      parameters: {
        type: 'object',
        properties: {
          after: {
            type: 'string',
            description:
              "The earliest day or time the caller wants, as YYYY-MM-DD or YYYY-MM-DDTHH:MM in the team's time zone. Leave it out for the soonest free times.",
          },
        },
      },
    }),
    book_meeting: (side) => ({
      name: TOOL_NAMES.book,
      description: `Books ${side === 'franchisor' ? 'the discovery call with the franchise-development team' : 'the appointment at the location'} for the caller, in the team's calendar, at a time find_meeting_times gave. Call it only once the caller has chosen that time and agreed to book it. One booking per caller; if the time was taken meanwhile, its answer gives the free times instead.`,
      parameters: {
        type: 'object',
        properties: {
          start: { type: 'string', description: 'The start of the chosen time, copied exactly from a "start" that find_meeting_times gave.' },
        },
        required: ['start'],
      },
    }),
  },
  fr: {
    check_territory: () => ({
      name: TOOL_NAMES.territory,
      description: typesetFrench(
        "Consulte la liste des territoires du franchiseur : ouvert, réservé, pris, ou absent de la liste. Appelez-le chaque fois que le candidat nomme un territoire, une ville, un département, un code postal ou un comté qu'il vise, ou demande si l'un d'eux est libre, avant d'en dire quoi que ce soit. Sa réponse est la seule disponibilité que vous pouvez annoncer.",
      ),
      parameters: {
        type: 'object',
        properties: {
          place: {
            type: 'string',
            description: typesetFrench(
              'Le lieu tel que le candidat l’a dit : une ville, un département, un code postal, un comté ou une région, avec le pays s’il l’a précisé, par exemple « Lyon », « Rhône », « 69003 », « Kings County ».',
            ),
          },
        },
        required: ['place'],
      },
    }),
    find_meeting_times: (side) => ({
      name: TOOL_NAMES.times,
      description: typesetFrench(
        `Trouve des créneaux libres pour ${side === 'franchisor' ? 'un rendez-vous découverte avec l’équipe développement' : 'un rendez-vous à l’établissement'}, dans l’agenda de l’équipe, chacun avec son jour, sa date et son heure. Appelez-le quand votre interlocuteur souhaite ${side === 'franchisor' ? 'un rendez-vous découverte' : 'un rendez-vous'} ou demande quand c’est possible, avant de proposer un horaire.`,
      ),
      parameters: {
        type: 'object',
        properties: {
          after: {
            type: 'string',
            description: typesetFrench(
              "Le jour ou l'heure à partir desquels votre interlocuteur est disponible, au format AAAA-MM-JJ ou AAAA-MM-JJTHH:MM, dans le fuseau horaire de l'équipe. Laissez-le vide pour les créneaux les plus proches.",
            ),
          },
        },
      },
    }),
    book_meeting: (side) => ({
      name: TOOL_NAMES.book,
      description: typesetFrench(
        `Réserve ${side === 'franchisor' ? 'le rendez-vous découverte avec l’équipe développement' : 'le rendez-vous à l’établissement'} pour votre interlocuteur, dans l’agenda de l’équipe, à un créneau donné par find_meeting_times. Appelez-le seulement quand il a choisi ce créneau et accepté la réservation. Une réservation par personne ; si le créneau a été pris entre-temps, sa réponse donne les créneaux libres.`,
      ),
      parameters: {
        type: 'object',
        properties: {
          start: {
            type: 'string',
            description: typesetFrench('Le début du créneau choisi, recopié exactement d’un « start » donné par find_meeting_times.'),
          },
        },
        required: ['start'],
      },
    }),
  },
};

/**
 * What the visitor hears while a tool runs (request-start: the provider's own fillers are English),
 * and when it fails (request-failed: on an error answer, or no answer within the server's timeout),
 * spoken as written, with the call going on.
 */
const SPOKEN: Record<Language, Record<ToolName, { start: string; failed: string }>> = {
  en: {
    check_territory: { start: 'Let me check that territory.', failed: "I can't check that territory right now; the franchise team will confirm it by email." },
    find_meeting_times: { start: 'Let me look at the calendar.', failed: "I can't reach the calendar right now; the team will send you some times by email." },
    book_meeting: { start: 'One moment while I book that.', failed: "I couldn't confirm that booking just now; the team will confirm it by email." },
  },
  fr: typesetFrench({
    check_territory: {
      start: 'Je vérifie ce territoire.',
      failed: "Je ne peux pas vérifier ce territoire pour le moment ; l'équipe franchise vous le confirmera par e-mail.",
    },
    find_meeting_times: {
      start: "Je regarde l'agenda.",
      failed: "Je n'arrive pas à consulter l'agenda pour le moment ; l'équipe vous proposera des créneaux par e-mail.",
    },
    book_meeting: {
      start: 'Un instant, je réserve ce créneau.',
      failed: "Je n'ai pas pu confirmer ce rendez-vous pour le moment ; l'équipe vous le confirmera par e-mail.",
    },
  }),
};

/** What the agent is told when a handler has not answered in time: it may still finish, so nothing is said to be undone. */
export const lateWords = (name: ToolName, language: Language): string => SPOKEN[language][name].failed;

const languageOf = (lead: Pick<Lead, 'language'>): Language => lead.language ?? DEFAULT_LANGUAGE;

/**
 * The function tools of this lead's assistant (none without reports or settings), each answered at
 * the assistant's server URL with its secret, within TOOL_TIMEOUT_SECONDS.
 */
export function agentTools(lead: Pick<Lead, 'businessType' | 'language'>, terms: ToolTerms): Vapi.OpenAiModelToolsItem.Function[] {
  const server = terms.callEvents;
  if (!server) return [];
  const language = languageOf(lead);
  return toolNames(lead, terms).map((name) => ({
    type: 'function',
    function: DEFINITIONS[language][name](lead.businessType),
    server: { ...serverOf(server), timeoutSeconds: TOOL_TIMEOUT_SECONDS },
    messages: [
      { type: 'request-start', content: SPOKEN[language][name].start },
      { type: 'request-failed', content: SPOKEN[language][name].failed },
    ],
  }));
}

/** The prompt's lines on the tools, by language and side. */
const PROMPT_LINES: Record<Language, { territory: string; calendar: (side: Side) => string; failing: string; today: string }> = {
  en: {
    territory:
      'When the candidate names a territory, city, county, ZIP code or département they want, or asks whether one is available, call check_territory with the place in their words before you say anything about it. Say only what its answer says (open in the list, reserved, taken, or not in the list and the franchise team will check): never promise a territory beyond it, and never judge one from the locations below.',
    calendar: (side) =>
      `When the caller wants ${side === 'franchisor' ? 'a discovery call with the franchise-development team' : 'an appointment'}, call find_meeting_times and offer two or three of the times it gives, never a time it did not give. When they choose one, call book_meeting with that time's start, then say out loud the day, date and time it booked. If its answer says the time is taken, offer the free times it gives instead. Book at most one meeting, and never say a meeting is booked unless book_meeting said so.`,
    failing: 'If a tool answers that it could not do something, say so in a few words and go on with the call.',
    today: 'Today is {today}.',
  },
  fr: {
    territory: typesetFrench(
      "Quand le candidat nomme un territoire, une ville, un département, un code postal ou un comté qu'il vise, ou demande si l'un d'eux est libre, appelez check_territory avec le lieu tel qu'il l'a dit avant d'en dire quoi que ce soit. Ne dites que ce que dit sa réponse (ouvert dans la liste, réservé, pris, ou absent de la liste et l'équipe franchise vérifiera) : ne promettez jamais un territoire au-delà, et n'en jugez jamais d'après les implantations ci-dessous.",
    ),
    calendar: (side) =>
      typesetFrench(
        `Quand votre interlocuteur souhaite ${side === 'franchisor' ? 'un rendez-vous découverte avec l’équipe développement' : 'un rendez-vous'}, appelez find_meeting_times et proposez deux ou trois des créneaux qu’il donne, jamais un créneau qu’il n’a pas donné. Quand il en choisit un, appelez book_meeting avec le start de ce créneau, puis dites à voix haute le jour, la date et l’heure réservés. Si sa réponse dit que le créneau est pris, proposez plutôt les créneaux libres qu’elle donne. Ne réservez qu’un rendez-vous, et ne dites jamais qu’un rendez-vous est réservé si book_meeting ne l’a pas dit.`,
      ),
    failing: typesetFrench("Si un outil répond qu'il n'a pas pu faire quelque chose, dites-le en quelques mots et poursuivez l'appel."),
    today: 'Nous sommes le {today}.',
  },
};

/**
 * The prompt's paragraph on the tools this lead's agent has (empty when none): when to use each, to
 * say out loud what it booked, and never to promise more than a tool's answer.
 */
export function toolPromptLines(lead: Pick<Lead, 'businessType' | 'language'>, terms: ToolTerms): string {
  const names = toolNames(lead, terms);
  if (names.length === 0) return '';
  const language = languageOf(lead);
  const words = PROMPT_LINES[language];
  const today = terms.tools?.today ? oneLine(terms.tools.today, 80) : '';
  return [
    ...(names.includes(TOOL_NAMES.territory) ? [words.territory] : []),
    ...(names.includes(TOOL_NAMES.book) ? [words.calendar(lead.businessType)] : []),
    words.failing,
    ...(today && names.includes(TOOL_NAMES.times) ? [words.today.replace('{today}', today)] : []),
  ].join(' ');
}

/** What a tool is told of the call it answers: at least the lead's language. */
export interface ToolContext {
  language: Language;
}

const STATUS_WORDS: Record<Language, Record<Territory['status'], string>> = {
  en: { open: 'open', reserved: 'reserved', sold: 'sold' },
  fr: { open: 'ouvert', reserved: 'réservé', sold: 'vendu' },
};

/** The most territories one answer names; more are counted. */
const MAX_NAMED = 5;

/** A territory as the agent is told it: its name, else its first codes, quoted. */
const labelOf = (territory: Territory): string => quoted(territory.name ?? territory.codes.slice(0, 3).join(', '), 80);

/** Territories as a list, "A, B and 2 more", with their statuses when asked. */
function listOf(territories: readonly Territory[], language: Language, withStatus: boolean): string {
  const named = territories
    .slice(0, MAX_NAMED)
    .map((territory) => (withStatus ? `${labelOf(territory)} (${STATUS_WORDS[language][territory.status]})` : labelOf(territory)));
  const more = territories.length - named.length;
  if (more > 0) named.push(language === 'fr' ? `${more} autre${more > 1 ? 's' : ''}` : `${more} more`);
  const last = named.pop()!;
  return named.length === 0 ? last : `${named.join(', ')} ${language === 'fr' ? 'et' : 'and'} ${last}`;
}

/** What the agent is told of a territory answer: what to say, and never more than the list says. */
export function territoryWords(answer: TerritoryAnswer, place: string, language: Language): string {
  const asked = quoted(place, 80);
  const fr = language === 'fr';
  switch (answer.kind) {
    case 'open':
      return fr
        ? typesetFrench(
            `Dans la liste des territoires, ${listOf(answer.territories, language, false)} : ouvert. Dites qu'il est libre dans la liste actuelle et que l'équipe développement le confirme avec votre interlocuteur ; ne promettez rien de plus.`,
          )
        : `In the territory list, ${listOf(answer.territories, language, false)}: open. Tell the caller it is open in the current list and that the franchise-development team confirms it with them; promise nothing more.`;
    case 'reserved':
      return fr
        ? typesetFrench(
            `Dans la liste des territoires, ${listOf(answer.territories, language, false)} : réservé, retenu pour un autre candidat pour l'instant. Dites-le, et proposez de noter son intérêt ou d'étudier un autre territoire.`,
          )
        : `In the territory list, ${listOf(answer.territories, language, false)}: reserved, held for another candidate for now. Say so, and offer to note their interest or to look at another territory.`;
    case 'taken':
      return fr
        ? typesetFrench(
            `Dans la liste des territoires, ${listOf(answer.territories, language, false)} : vendu, le territoire est pris. Dites-le simplement, et proposez d'étudier un autre territoire.`,
          )
        : `In the territory list, ${listOf(answer.territories, language, false)}: sold, so it is taken. Say so plainly, and offer to look at another territory.`;
    case 'which':
      return fr
        ? typesetFrench(
            `La liste des territoires ne tranche pas pour ${asked} : elle contient ${listOf(answer.territories, language, true)}. Demandez lequel votre interlocuteur vise, puis vérifiez celui-là ; ne promettez rien d'ici là.`,
          )
        : `The territory list does not settle ${asked}: it has ${listOf(answer.territories, language, true)}. Ask the caller which one they mean, then check that one; promise nothing until then.`;
    case 'unlisted': {
      const where = answer.location ? quoted(addressOf(answer.location), 120) : null;
      if (fr) {
        return typesetFrench(
          where
            ? `${asked} ne figure pas dans la liste des territoires. Le site montre un établissement à ${where} : la zone est peut-être déjà desservie. Dites que ce lieu n'est pas dans la liste et que l'équipe franchise va le vérifier et revenir vers votre interlocuteur ; ne promettez rien.`
            : `${asked} ne figure pas dans la liste des territoires. Dites que l'équipe franchise va le vérifier et revenir vers votre interlocuteur ; ne promettez rien.`,
        );
      }
      return where
        ? `${asked} is not in the territory list. The website shows a location at ${where}, so the area may already be served. Tell the caller it is not in the list and that the franchise team will check it and get back to them; promise nothing.`
        : `${asked} is not in the territory list. Tell the caller the franchise team will check it and get back to them; promise nothing.`;
    }
  }
}

/** The longest place the tool takes: a city with its state or country, a postcode. */
export const MAX_PLACE_CHARS = 120;

const ASK_PLACE: Record<Language, string> = {
  en: 'check_territory needs the place the caller wants: a city, county, ZIP code or département. Ask them which, then call it again.',
  fr: typesetFrench('check_territory a besoin du lieu visé : une ville, un département, un code postal ou un comté. Demandez-le, puis rappelez l’outil.'),
};

/** The place a check_territory call names, or null when it names none the tool can look up. */
export function placeArgument(args: Record<string, unknown>): string | null {
  const place = args['place'];
  if (typeof place !== 'string') return null;
  const line = oneLine(place, MAX_PLACE_CHARS + 1);
  return line === '' || line.length > MAX_PLACE_CHARS ? null : line;
}

/**
 * check_territory as a host answers it: the operator's list (parsed once, at start) and the locations
 * read from the visitor's website, which `locations` gives for the call (its lead's profile);
 * `answered` hears each answer before the agent does (the host keeps the last for the lead's event).
 */
export function checkTerritoryHandler<Context extends ToolContext>(
  territories: readonly Territory[],
  locations: (context: Context) => readonly ProfileLocation[] | Promise<readonly ProfileLocation[]> = () => [],
  answered: (place: string, answer: TerritoryAnswer) => void | Promise<void> = () => {},
): ToolHandler<Context> {
  return {
    async run(args, { context }): Promise<ToolAnswer> {
      const place = placeArgument(args);
      if (place === null) return { result: ASK_PLACE[context.language] };
      const answer = territoryAnswer(place, territories, await locations(context));
      await answered(place, answer);
      return { result: territoryWords(answer, place, context.language) };
    },
    late: ({ language }) => lateWords(TOOL_NAMES.territory, language),
  };
}
