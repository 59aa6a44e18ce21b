-- Report columns (issue 35): see the SQLite file of this migration; the same change.
ALTER TABLE reports ADD COLUMN columns TEXT NOT NULL DEFAULT '[]';
UPDATE reports SET columns = COALESCE((SELECT json_agg(json_build_object('signalId', e::BIGINT, 'statistic', 'last'))::TEXT
    FROM json_array_elements_text(reports.signal_ids::json) AS e), '[]');
ALTER TABLE reports DROP COLUMN signal_ids;
ALTER TABLE reports ADD COLUMN updated_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE org_settings ADD COLUMN shifts TEXT;
