import {afterAll, describe, expect, inject, test} from 'vitest';
import {readdir} from 'node:fs/promises';
import path from 'node:path';
import {ROOT} from '../../server/config.ts';
import {migrate} from '../../server/db/migrate.ts';
import {connect} from '../../server/db/sql.ts';
import {schema} from '../../zero-schema.ts';

const sql = connect(inject('databaseURL'));
afterAll(() => sql.end());

describe('migrations', () => {
  test('each file is applied once and recorded, even when two processes start together', async () => {
    const runs = await Promise.all([migrate(sql), migrate(sql)]);
    expect(runs).toEqual([[], []]);
    const recorded = await sql<{name: string}[]>`SELECT name FROM schema_migration ORDER BY name`;
    const files = (await readdir(path.join(ROOT, 'migrations'))).filter(f => f.endsWith('.sql')).sort();
    expect(files.slice(0, 5)).toEqual([
      '0001_core.sql',
      '0002_lookups.sql',
      '0003_sign_in.sql',
      '0004_google_sign_in.sql',
      '0005_self_user.sql',
    ]);
    expect(recorded.map(r => r.name)).toEqual(files);
  });

  test('server-only tables and columns stay out of the replicated publication', async () => {
    const published = await sql<{tablename: string; attnames: string[]}[]>`
      SELECT tablename, attnames FROM pg_publication_tables WHERE pubname = 'kesher'`;
    const tables = Object.fromEntries(published.map(r => [r.tablename, r.attnames]));
    expect(Object.keys(tables).sort()).toEqual([
      'activity',
      'activity_comment',
      'admin_notification',
      'admin_notification_read',
      'app_user',
      'benefit_card',
      'card_presence',
      // Chats (issue 17)
      'chat',
      'chat_member',
      'chat_message',
      'community',
      'engaged_couple',
      'excel_format',
      'export_job',
      'import_job',
      'institution',
      'page',
      'page_content',
      'page_folder',
      'phone_call',
      'profile',
      'profile_detail',
      'profile_facet',
      'profile_file',
      'profile_key',
      'profile_note',
      // The staff of each card's place, which the read rule asks by the card's id (issue 36)
      'profile_place_staff',
      'profile_revision',
      'profile_status',
      'profile_viewer',
      'registration_link',
      'representative',
      'saved_search',
      'saved_search_pin',
      'score_points',
      'sector',
      'shadchan_goal',
      'shadchan_score',
      'shidduch_idea',
      'shidduch_idea_recipient',
      'site_setting',
      'staff_contact',
      'staff_detail',
      'user_setting',
    ]);
    expect(tables.app_user).not.toContain('phone');
    expect(tables.app_user).not.toContain('email');
    expect(tables.app_user).not.toContain('password_hash');
    expect(tables.app_user).not.toContain('landline');
    expect(tables.app_user).not.toContain('declaration_accepted_on');
    // Each of these replicates exactly the columns zero-schema.ts declares for it.
    const declared = (table: keyof typeof schema.tables) =>
      Object.entries(schema.tables[table].columns)
        .map(([name, c]) => ('serverName' in c && c.serverName) || name)
        .sort();
    // The sign-in phones (derived from the card's contacts) are server-only; since migration 0016 the
    // ID number and the details are no profile columns either (lists replicate profile rows).
    expect(tables.profile).not.toContain('phones');
    expect(tables.profile).not.toContain('id_number');
    expect(tables.profile).not.toContain('details');
    expect([...tables.profile!].sort()).toEqual(declared('profile'));
    // Staff (migrations/0022): the published row as zero-schema.ts declares it; contact details in a
    // table of their own, which only app/staff/queries.ts reads, for those who manage staff.
    expect([...tables.app_user!].sort()).toEqual(declared('user'));
    expect([...tables.staff_contact!].sort()).toEqual(['email', 'landline', 'phone', 'user_id']);
    // What every staff browser replicates of a user is what a picker shows (migrations/0046); the
    // particulars are a table of their own, read through permissions/staff.ts. The place a coordinator
    // or representative serves is as public as a card's community (migrations/0050).
    expect([...tables.app_user!].sort()).toEqual(
      [
        'approved_at',
        'blocked_from_role',
        'community_id',
        'created_at',
        'gender',
        'id',
        'institution_id',
        'name',
        'role',
        'updated_at',
      ].sort(),
    );
    expect([...tables.staff_detail!].sort()).toEqual(declared('staffDetail'));
    // The card's sensitive part: its own table, reached only through an opened card's query.
    expect([...tables.profile_detail!].sort()).toEqual(declared('profileDetail'));
    expect([...tables.profile_detail!].sort()).toEqual(['details', 'id_number', 'profile_id']);
    // Saved searches (issue 14): exactly the columns zero-schema.ts declares.
    expect([...tables.saved_search!].sort()).toEqual(declared('savedSearch'));
    expect([...tables.saved_search_pin!].sort()).toEqual(declared('savedSearchPin'));
    // A card's files: the metadata replicates (the bytes live in the file storage, never in the database).
    expect([...tables.profile_file!].sort()).toEqual(declared('profileFile'));
    expect([...tables.activity!].sort()).toEqual(declared('activity'));
    expect([...tables.activity_comment!].sort()).toEqual(declared('activityComment'));
    // The calls list's columns replicate (through its read rule); the provider's event id and the
    // notifications the sidecar relays stay server-only.
    expect([...tables.phone_call!].sort()).toEqual(declared('phoneCall'));
    expect([...tables.representative!].sort()).toEqual(declared('representative'));
    expect([...tables.registration_link!].sort()).toEqual(declared('registrationLink'));
    // admin/notifications (migrations/0029): the notices and their reads, as declared.
    expect([...tables.admin_notification!].sort()).toEqual(declared('adminNotification'));
    expect([...tables.admin_notification_read!].sort()).toEqual(declared('adminNotificationRead'));
    // The candidate search (migrations/0030): its keys and facets, joined only on the value typed.
    expect([...tables.profile_key!].sort()).toEqual(declared('profileKey'));
    expect([...tables.profile_facet!].sort()).toEqual(declared('profileFacet'));
    // Engaged couples and benefit cards (migrations/0034), as declared; their read rules are the
    // editors' and the card issuers' (the public check reads Postgres over REST).
    expect([...tables.engaged_couple!].sort()).toEqual(declared('engagedCouple'));
    expect([...tables.benefit_card!].sort()).toEqual(declared('benefitCard'));
    // Excel exports (migrations/0039): the jobs as declared; the language they were asked in stays server-only.
    expect([...tables.export_job!].sort()).toEqual(declared('exportJob'));
    // Excel import (migrations/0040): the formats and the jobs' progress, as declared; a file's rows
    // (import_row: people not yet in the system) stay server-only.
    expect([...tables.excel_format!].sort()).toEqual(declared('excelFormat'));
    expect([...tables.import_job!].sort()).toEqual(declared('importJob'));
    expect(tables).not.toHaveProperty('import_row');
    // Scores and goals (migrations/0042), as declared.
    expect([...tables.score_points!].sort()).toEqual(declared('scorePoints'));
    expect([...tables.shadchan_score!].sort()).toEqual(declared('shadchanScore'));
    expect([...tables.shadchan_goal!].sort()).toEqual(declared('shadchanGoal'));
    // Chats (migrations/0045): exactly the columns zero-schema.ts declares.
    expect([...tables.chat!].sort()).toEqual(declared('chat'));
    expect([...tables.chat_member!].sort()).toEqual(declared('chatMember'));
    expect([...tables.chat_message!].sort()).toEqual(declared('chatMessage'));
    // Staff pages and folders (migrations/0044), as declared; their text only through an opened page.
    expect([...tables.page_folder!].sort()).toEqual(declared('pageFolder'));
    expect([...tables.page!].sort()).toEqual(declared('page'));
    expect([...tables.page_content!].sort()).toEqual(declared('pageContent'));
    // Ideas bank (migrations/0041): the ideas and each recipient's answer, as declared.
    expect([...tables.shidduch_idea!].sort()).toEqual(declared('shidduchIdea'));
    expect([...tables.shidduch_idea_recipient!].sort()).toEqual(declared('shidduchIdeaRecipient'));
    expect(tables.phone_call).not.toContain('event_id');
    expect(tables).not.toHaveProperty('phone_call_notification');
    expect(tables).not.toHaveProperty('session');
    expect(tables).not.toHaveProperty('schema_migration');
  });

  test('the database itself refuses rows the app would never write', async () => {
    await expect(sql`INSERT INTO app_user (id, name, gender, role) VALUES ('x', 'x', 'other', 'shadchan')`).rejects.toThrow(
      /gender_check/,
    );
    await expect(sql`INSERT INTO app_user (id, name, gender, role) VALUES ('x', ' ', 'male', 'shadchan')`).rejects.toThrow(
      /name_check/,
    );
    await expect(sql`INSERT INTO profile_detail (profile_id, id_number) VALUES ('x', '12345678')`).rejects.toThrow(
      /profile_detail_id_number_check/,
    );
    await expect(sql`INSERT INTO profile_detail (profile_id, details) VALUES ('x', '[]')`).rejects.toThrow(
      /profile_detail_details_check/,
    );
    await expect(sql`INSERT INTO login_code (attempt_hash, channel, target, user_id, code_hash, expires_at)
                     VALUES ('x', 'self', 'x', 'x', 'x', now())`).rejects.toThrow(/login_code_owner_check/);
    await expect(sql`INSERT INTO session (token_hash, kind, expires_at) VALUES ('x', 'self', now())`).rejects.toThrow(
      /session_owner_check/,
    );
    await expect(sql`INSERT INTO session (token_hash, expires_at) VALUES ('x', now())`).rejects.toThrow(/session_owner_check/);
  });
});
