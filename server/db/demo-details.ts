import type {DemoProfile} from './demo-data.ts';
import {pick, prng} from './demo-data.ts';
import {FEMALE_FORENAMES, MALE_FORENAMES} from './demo-names.ts';
import type {CardDetails} from '../../app/tables/profiles.ts';

const MALE_OCCUPATIONS = ['אברך', 'בחור ישיבה', 'מורה', 'רואה חשבון', 'מהנדס תוכנה', 'סופר סת״ם', 'מנהל חשבונות'];
const FEMALE_OCCUPATIONS = ['גננת', 'מורה', 'מזכירה רפואית', 'מתכנתת', 'רואת חשבון', 'קלינאית תקשורת', 'מעצבת גרפית'];
/** Demo yeshivas and seminaries (admin/schools); the demo cards name them (their learning). */
export const DEMO_INSTITUTIONS = [
  {id: 'ponevezh', name: 'ישיבת פוניבז׳', type: 'yeshiva', variations: ['פוניבז', 'Ponevezh']},
  {id: 'mir', name: 'ישיבת מיר', type: 'yeshiva', variations: ['Mir']},
  {id: 'hevron', name: 'ישיבת חברון', type: 'yeshiva', variations: ['חברון כנסת ישראל']},
  {id: 'slabodka', name: 'ישיבת סלבודקה', type: 'yeshiva', variations: []},
  {id: 'beis-yaakov', name: 'סמינר בית יעקב', type: 'seminary', variations: ['בית יעקב']},
  {id: 'wolf', name: 'סמינר וולף', type: 'seminary', variations: ['וולף', 'Wolf']},
  {id: 'beit-malka', name: 'סמינר בית מלכה', type: 'seminary', variations: []},
] as const;

const LEARNING_MALE = ['ישיבת פוניבז׳', 'ישיבת מיר', 'כולל ערב', 'ישיבת חברון', 'ישיבת סלבודקה'];
const LEARNING_FEMALE = ['סמינר בית יעקב', 'סמינר וולף', 'סמינר בית מלכה', 'מכללת ירושלים'];

/**
 * A demo card's details (the catalogue's required ones and a realistic handful more), drawn from a
 * stream of their own so the rest of the demo data stays what its seed always gave.
 */
export function demoDetails(profile: DemoProfile, seed: number): CardDetails {
  const rand = prng(seed);
  const male = profile.gender === 'male';
  const father = `${pick(rand, MALE_FORENAMES)} ${profile.surname}`;
  const mother = `${pick(rand, FEMALE_FORENAMES)} ${profile.surname}`;
  const [own, fatherPhone, motherPhone] = profile.phones;
  const children = 2 + Math.floor(rand() * 9);
  const details: CardDetails = {
    maritalStatus: rand() < 0.92 ? 'single' : 'divorced',
    height: male ? 165 + Math.floor(rand() * 25) : 152 + Math.floor(rand() * 20),
    build: pick(rand, ['slim', 'average', 'average', 'sturdy']),
    smoker: rand() < 0.08,
    dorYeshorim: rand() < 0.85,
    learning: male ? pick(rand, LEARNING_MALE) : pick(rand, LEARNING_FEMALE),
    occupation: male ? pick(rand, MALE_OCCUPATIONS) : pick(rand, FEMALE_OCCUPATIONS),
    origin: pick(rand, ['ashkenazi', 'ashkenazi', 'sephardi', 'mixed']),
    fatherName: father,
    motherName: mother,
    childrenCount: children,
    familyPosition: 1 + Math.floor(rand() * children),
    ...(own && {candidatePhone: own}),
    ...(fatherPhone && {fatherPhone}),
    ...(motherPhone && {motherPhone}),
    suggestionsContact: rand() < 0.5 ? father : mother,
    suggestionsPhone: fatherPhone ?? own!,
    inquiryPhones: [motherPhone ?? own!],
  };
  // Where they learn, when it is an institution the demo knows, links the card to it (and its representative).
  const institution = DEMO_INSTITUTIONS.find(i => i.name === details.learning);
  return institution ? {...details, institution: institution.name} : details;
}
