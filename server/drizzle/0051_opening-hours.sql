-- Custom SQL migration (drizzle-kit --custom): a data change, no schema change.
-- Issue 36 row 6: places keep their opening hours (each weekday its shifts, dated closures); the
-- spec's one-range timetable is read as Monday's hours on every weekday.
UPDATE "places" SET "timetable" = jsonb_build_object(
  'days', jsonb_build_object(
    'monday', CASE WHEN jsonb_typeof("timetable"->'monday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'monday'->>'from', 'to', "timetable"->'monday'->>'to')) ELSE '[]'::jsonb END,
    'tuesday', CASE WHEN jsonb_typeof("timetable"->'monday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'monday'->>'from', 'to', "timetable"->'monday'->>'to')) ELSE '[]'::jsonb END,
    'wednesday', CASE WHEN jsonb_typeof("timetable"->'monday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'monday'->>'from', 'to', "timetable"->'monday'->>'to')) ELSE '[]'::jsonb END,
    'thursday', CASE WHEN jsonb_typeof("timetable"->'monday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'monday'->>'from', 'to', "timetable"->'monday'->>'to')) ELSE '[]'::jsonb END,
    'friday', CASE WHEN jsonb_typeof("timetable"->'monday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'monday'->>'from', 'to', "timetable"->'monday'->>'to')) ELSE '[]'::jsonb END,
    'saturday', CASE WHEN jsonb_typeof("timetable"->'saturday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'saturday'->>'from', 'to', "timetable"->'saturday'->>'to')) ELSE '[]'::jsonb END,
    'sunday', CASE WHEN jsonb_typeof("timetable"->'sunday') = 'object' THEN jsonb_build_array(jsonb_build_object('from', "timetable"->'sunday'->>'from', 'to', "timetable"->'sunday'->>'to')) ELSE '[]'::jsonb END
  ),
  'closures', '[]'::jsonb,
  'extra_note', coalesce("timetable"->>'extra_note', '')
) WHERE NOT ("timetable" ? 'days');
