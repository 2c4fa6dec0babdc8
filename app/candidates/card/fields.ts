import * as m from '../../paraglide/messages.js';

/**
 * The candidate card's catalogue (spec §3 "Profile"): every field beyond the list's own columns, in
 * the card's sections, with its kind, limits and translated label, and the translated option lists of
 * the enumerations. The form, the card view, the print view and the valibot schema are all built
 * from it, so a field is declared once. Sectors, communities and institutions are lookups in the database.
 */

export const OPTIONS = {
  maritalStatus: {
    single: m.opt_marital_status_single,
    divorced: m.opt_marital_status_divorced,
    widowed: m.opt_marital_status_widowed,
    married: m.opt_marital_status_married,
  },
  build: {
    slim: m.opt_build_slim,
    average: m.opt_build_average,
    sturdy: m.opt_build_sturdy,
    full: m.opt_build_full,
  },
  complexion: {
    fair: m.opt_complexion_fair,
    medium: m.opt_complexion_medium,
    olive: m.opt_complexion_olive,
    dark: m.opt_complexion_dark,
  },
  headCovering: {
    wig: m.opt_head_covering_wig,
    scarf: m.opt_head_covering_scarf,
    hat: m.opt_head_covering_hat,
    wigAndHat: m.opt_head_covering_wig_and_hat,
    open: m.opt_head_covering_open,
  },
  beard: {
    none: m.opt_beard_none,
    trimmed: m.opt_beard_trimmed,
    full: m.opt_beard_full,
  },
  employment: {
    employed: m.opt_employment_employed,
    selfEmployed: m.opt_employment_self_employed,
  },
  degree: {
    phd: m.opt_degree_phd,
    ma: m.opt_degree_ma,
    ba: m.opt_degree_ba,
    other: m.opt_degree_other,
  },
  origin: {
    ashkenazi: m.opt_origin_ashkenazi,
    sephardi: m.opt_origin_sephardi,
    yemenite: m.opt_origin_yemenite,
    mixed: m.opt_origin_mixed,
    other: m.opt_origin_other,
  },
  openness: {
    closed: m.opt_openness_closed,
    conservative: m.opt_openness_conservative,
    moderate: m.opt_openness_moderate,
    open: m.opt_openness_open,
  },
  parentsStatus: {
    married: m.opt_parents_status_married,
    divorced: m.opt_parents_status_divorced,
    fatherDeceased: m.opt_parents_status_father_deceased,
    motherDeceased: m.opt_parents_status_mother_deceased,
    bothDeceased: m.opt_parents_status_both_deceased,
  },
  yesNo: {
    yes: m.opt_yes_no_yes,
    no: m.opt_yes_no_no,
  },
} as const;
export type OptionList = keyof typeof OPTIONS;

export type FieldKind =
  | {type: 'text'; max: number}
  | {type: 'long'; max: number}
  | {type: 'number'; min: number; max: number}
  /** A sum with its currency (₪, $, €), kept as "1500 ILS" (app/lib/money.ts). */
  | {type: 'money'; max: number}
  | {type: 'choice'; options: OptionList}
  | {type: 'choices'; options: OptionList}
  | {type: 'yesNo'}
  | {type: 'phone'}
  | {type: 'phones'}
  | {type: 'email'}
  | {type: 'idNumber'}
  | {type: 'community'}
  /** A yeshiva or seminary of the administration's list (app/institutions), by its name or a variation. */
  | {type: 'institution'};

export type CardField = {
  key: string;
  label: () => string;
  kind: FieldKind;
  required?: true;
  /** Asked only of candidates of this gender (head covering; beard, hat, suit). */
  gender?: 'male' | 'female';
};

export const CARD_SECTIONS = [
  {
    id: 'personal',
    title: m.card_section_personal,
    fields: [
      {key: 'idNumber', label: m.field_id_number, kind: {type: 'idNumber'}},
      {key: 'maritalStatus', label: m.pf_marital_status, kind: {type: 'choice', options: 'maritalStatus'}},
      {key: 'height', label: m.pf_height, kind: {type: 'number', min: 120, max: 230}},
      {key: 'weight', label: m.pf_weight, kind: {type: 'number', min: 30, max: 200}},
      {key: 'country', label: m.pf_country, kind: {type: 'text', max: 60}},
      {key: 'postcode', label: m.pf_postcode, kind: {type: 'text', max: 12}},
      {key: 'address', label: m.pf_address, kind: {type: 'text', max: 120}},
      {key: 'previousAddress', label: m.pf_previous_address, kind: {type: 'text', max: 120}},
      {key: 'languages', label: m.pf_languages, kind: {type: 'text', max: 120}},
      {key: 'drivingLicense', label: m.pf_driving_license, kind: {type: 'yesNo'}},
      {key: 'smoker', label: m.pf_smoker, kind: {type: 'yesNo'}},
      {key: 'dorYeshorim', label: m.pf_dor_yeshorim, kind: {type: 'yesNo'}},
      {key: 'health', label: m.pf_health, kind: {type: 'long', max: 500}},
    ],
  },
  {
    id: 'appearance',
    title: m.card_section_appearance,
    fields: [
      {key: 'build', label: m.pf_build, kind: {type: 'choice', options: 'build'}},
      {key: 'complexion', label: m.pf_complexion, kind: {type: 'choice', options: 'complexion'}},
      {key: 'looks', label: m.pf_looks, kind: {type: 'long', max: 500}},
      {key: 'headCovering', label: m.pf_head_covering, kind: {type: 'choice', options: 'headCovering'}, gender: 'female'},
      {key: 'beard', label: m.pf_beard, kind: {type: 'choice', options: 'beard'}, gender: 'male'},
      {key: 'hat', label: m.pf_hat, kind: {type: 'yesNo'}, gender: 'male'},
      {key: 'suit', label: m.pf_suit, kind: {type: 'yesNo'}, gender: 'male'},
    ],
  },
  {
    id: 'education',
    title: m.card_section_education,
    fields: [
      {key: 'learning', label: m.pf_learning, kind: {type: 'text', max: 120}},
      {key: 'institution', label: m.pf_institution, kind: {type: 'institution'}},
      {key: 'institutions', label: m.pf_institutions, kind: {type: 'long', max: 500}},
      {key: 'yeshivaBackground', label: m.pf_yeshiva_background, kind: {type: 'long', max: 500}},
      {key: 'educationBackground', label: m.pf_education_background, kind: {type: 'long', max: 500}},
      {key: 'degrees', label: m.pf_degrees, kind: {type: 'choices', options: 'degree'}},
    ],
  },
  {
    id: 'work',
    title: m.card_section_work,
    fields: [
      {key: 'occupation', label: m.pf_occupation, kind: {type: 'text', max: 120}, required: true},
      {key: 'workplace', label: m.pf_workplace, kind: {type: 'text', max: 120}},
      {key: 'employment', label: m.pf_employment, kind: {type: 'choice', options: 'employment'}},
      {key: 'professionalRoute', label: m.pf_professional_route, kind: {type: 'long', max: 500}},
    ],
  },
  {
    id: 'background',
    title: m.card_section_background,
    fields: [
      {key: 'communityID', label: m.pf_community, kind: {type: 'community'}},
      {key: 'origin', label: m.pf_origin, kind: {type: 'choice', options: 'origin'}},
      {key: 'openness', label: m.pf_openness, kind: {type: 'choice', options: 'openness'}},
      {key: 'yichus', label: m.pf_yichus, kind: {type: 'long', max: 1000}},
      {key: 'background', label: m.pf_background, kind: {type: 'long', max: 1000}},
    ],
  },
  {
    id: 'family',
    title: m.card_section_family,
    fields: [
      {key: 'parentsStatus', label: m.pf_parents_status, kind: {type: 'choice', options: 'parentsStatus'}},
      {key: 'fatherName', label: m.pf_father_name, kind: {type: 'text', max: 80}},
      {key: 'fatherOrigin', label: m.pf_father_origin, kind: {type: 'text', max: 60}},
      {key: 'fatherOriginMore', label: m.pf_father_origin_more, kind: {type: 'text', max: 60}},
      {key: 'fatherOccupation', label: m.pf_father_occupation, kind: {type: 'text', max: 120}},
      {key: 'fatherAffiliation', label: m.pf_father_affiliation, kind: {type: 'text', max: 120}},
      {key: 'fatherHealth', label: m.pf_father_health, kind: {type: 'text', max: 200}},
      {key: 'motherName', label: m.pf_mother_name, kind: {type: 'text', max: 80}},
      {key: 'motherMaidenName', label: m.pf_mother_maiden_name, kind: {type: 'text', max: 80}},
      {key: 'motherOrigin', label: m.pf_mother_origin, kind: {type: 'text', max: 60}},
      {key: 'motherOriginMore', label: m.pf_mother_origin_more, kind: {type: 'text', max: 60}},
      {key: 'motherOccupation', label: m.pf_mother_occupation, kind: {type: 'text', max: 120}},
      {key: 'motherAffiliation', label: m.pf_mother_affiliation, kind: {type: 'text', max: 120}},
      {key: 'motherHealth', label: m.pf_mother_health, kind: {type: 'text', max: 200}},
      {key: 'familyRabbi', label: m.pf_family_rabbi, kind: {type: 'text', max: 120}},
      {key: 'childrenCount', label: m.pf_children_count, kind: {type: 'number', min: 1, max: 30}},
      {key: 'familyPosition', label: m.pf_family_position, kind: {type: 'number', min: 1, max: 30}},
      {key: 'marriedSiblings', label: m.pf_married_siblings, kind: {type: 'long', max: 1000}},
      {key: 'siblingsInstitutions', label: m.pf_siblings_institutions, kind: {type: 'long', max: 1000}},
      {key: 'inLaws', label: m.pf_in_laws, kind: {type: 'long', max: 1000}},
    ],
  },
  {
    id: 'expectations',
    title: m.card_section_expectations,
    fields: [
      {key: 'aboutMe', label: m.pf_about_me, kind: {type: 'long', max: 2000}},
      {key: 'soughtQualities', label: m.pf_sought_qualities, kind: {type: 'long', max: 2000}},
      {key: 'preferredPlace', label: m.pf_preferred_place, kind: {type: 'text', max: 120}},
      {key: 'preferredInstitution', label: m.pf_preferred_institution, kind: {type: 'text', max: 120}},
      // What the card seeks in a match: the suggested matches (app/suggestions/rules.ts) hold to it.
      {key: 'seekAgeMin', label: m.pf_seek_age_min, kind: {type: 'number', min: 16, max: 99}},
      {key: 'seekAgeMax', label: m.pf_seek_age_max, kind: {type: 'number', min: 16, max: 99}},
      {key: 'seekHeightMin', label: m.pf_seek_height_min, kind: {type: 'number', min: 120, max: 230}},
      {key: 'seekHeightMax', label: m.pf_seek_height_max, kind: {type: 'number', min: 120, max: 230}},
      {key: 'seekMaritalStatus', label: m.pf_seek_marital_status, kind: {type: 'choices', options: 'maritalStatus'}},
      {key: 'seekHeadCovering', label: m.pf_seek_head_covering, kind: {type: 'choices', options: 'headCovering'}, gender: 'male'},
      {key: 'expectations', label: m.pf_expectations, kind: {type: 'long', max: 2000}},
    ],
  },
  {
    id: 'financial',
    title: m.card_section_financial,
    fields: [
      {key: 'financialExpectations', label: m.pf_financial_expectations, kind: {type: 'long', max: 1000}},
      {key: 'contribution', label: m.pf_contribution, kind: {type: 'long', max: 1000}},
      {key: 'shadchanFees', label: m.pf_shadchan_fees, kind: {type: 'money', max: 1_000_000}},
    ],
  },
  {
    id: 'contacts',
    title: m.card_section_contacts,
    fields: [
      {key: 'candidatePhone', label: m.pf_candidate_phone, kind: {type: 'phone'}},
      {key: 'fatherPhone', label: m.pf_father_phone, kind: {type: 'phone'}},
      {key: 'motherPhone', label: m.pf_mother_phone, kind: {type: 'phone'}},
      {key: 'extraPhone', label: m.pf_extra_phone, kind: {type: 'phone'}},
      // The candidate's contact email; they verify it with a code (/self-user/verify-email).
      {key: 'email', label: m.pf_email, kind: {type: 'email'}},
      {key: 'suggestionsContact', label: m.pf_suggestions_contact, kind: {type: 'text', max: 80}, required: true},
      {key: 'suggestionsPhone', label: m.pf_suggestions_phone, kind: {type: 'phone'}, required: true},
      {key: 'inquiryPhones', label: m.pf_inquiry_phones, kind: {type: 'phones'}, required: true},
      {key: 'friendsPhones', label: m.pf_friends_phones, kind: {type: 'phones'}},
      {key: 'references', label: m.pf_references, kind: {type: 'long', max: 1000}},
    ],
  },
] as const satisfies ReadonlyArray<{id: string; title: () => string; fields: readonly CardField[]}>;

export type CardSectionID = (typeof CARD_SECTIONS)[number]['id'];
export type CardFieldKey = (typeof CARD_SECTIONS)[number]['fields'][number]['key'];

export const CARD_FIELDS: readonly CardField[] = CARD_SECTIONS.flatMap((s): readonly CardField[] => s.fields);

/** Fields of kind idNumber and community are columns of their own; everything else is a detail. */
export const DETAIL_FIELDS = CARD_FIELDS.filter(f => f.kind.type !== 'idNumber' && f.kind.type !== 'community');

/** The longest name and city a card takes (schema.ts checks them; the form's controls stop there). */
export const CORE_MAX_LENGTH = {forename: 50, surname: 50, city: 60} as const;

/**
 * The details a candidate may change on their own ticket from the self-user home (issue 15, spec §1
 * "self-users update ticket details"): their contacts, about themselves and what they look for, work,
 * languages and address. Never the ID number, the community, the owner, state, database or
 * visibility (columns, not details) nor what the office judges (family, appearance, finances, health).
 */
export const SELF_EDITABLE_FIELDS = [
  'candidatePhone',
  'fatherPhone',
  'motherPhone',
  'extraPhone',
  'email',
  'suggestionsContact',
  'suggestionsPhone',
  'inquiryPhones',
  'friendsPhones',
  'references',
  'aboutMe',
  'soughtQualities',
  'expectations',
  'preferredPlace',
  'preferredInstitution',
  'languages',
  'country',
  'postcode',
  'address',
  'height',
  'drivingLicense',
  'smoker',
  'occupation',
  'workplace',
  'employment',
  'professionalRoute',
  'learning',
] as const satisfies readonly CardFieldKey[];
export type SelfEditableField = (typeof SELF_EDITABLE_FIELDS)[number];
