import * as m from '../paraglide/messages.js';

/**
 * The wordings of what only the staff's screens are refused (app/lib/field-errors.ts has the card's and the
 * sign-in's): the staff's app adds them when it starts (app/router.tsx), so no public page carries them (issue 35).
 */
export const STAFF_REQUIRED: Record<string, () => string> = {
  role: m.staff_required_role,
  placeID: m.representative_place_required,
  // The staff form's community or institution (issue 30).
  place: m.representative_place_required,
};

export const STAFF_MESSAGES: Record<string, () => string> = {
  editConflict: m.card_conflict_title,
  wrongSide: m.activity_wrong_side,
  // A pair's stages (issue 31).
  lastStage: m.error_last_stage,
  stageMovedOn: m.error_stage_moved_on,
  transferSameCard: m.transfer_same_card,
  transferWrongGender: m.transfer_wrong_gender,
  transferNotYours: m.transfer_not_yours,
  // The staff form (issue 13).
  shadchanNameExists: m.dict_shadchan_name_exists,
  shadchanPhoneExists: m.dict_shadchan_phone_exists,
  emailExists: m.staff_email_exists,
  roleForbidden: m.staff_role_forbidden,
  // Representatives (issue 13): their sign-in account's phone.
  phoneTaken: m.error_phone_taken,
  linkExpiryPast: m.error_link_expiry_past,
  // admin/notifications (issue 13): a notice's audience and period.
  chooseRoles: m.notifications_error_choose_roles,
  chooseUsers: m.notifications_error_choose_users,
  untilBeforeFrom: m.notifications_error_until,
  // Benefit cards' eligibility (app/benefit-cards/eligibility.ts), refused on the office's manual issue.
  notEngaged: m.bonus_error_notEngaged,
  noIDNumber: m.bonus_error_noIDNumber,
  hasLiveCard: m.bonus_error_hasLiveCard,
  // Engaged couples (issue 15): §5's ID rule and a decision taken meanwhile.
  coupleNeedsID: m.couples_error_needs_id,
  coupleSideNeedsCard: m.couples_error_side_needs_card,
  coupleUndoFirst: m.couples_error_undo_first,
  coupleStatusChanged: m.couples_error_status_changed,
  // Excel formats (issue 16): a field mapped twice, or none at all.
  fieldTwice: m.import_error_field_twice,
  noFieldMapped: m.import_error_no_field,
  // Chats (issue 17): whom a conversation is with.
  chooseMembers: m.chats_error_choose_members,
  // Staff pages (issue 17): a page's text too long or not the editor's, or saved meanwhile by another.
  pageTooLarge: m.pages_error_too_large,
  pageContentInvalid: m.pages_error_content_invalid,
  pageEditConflict: m.pages_error_edit_conflict,
  // Ideas bank (issue 17): nobody responsible could receive the idea; an answer already given.
  ideaNoRecipient: m.ideas_error_no_recipient,
  ideaAnswered: m.ideas_error_answered,
};
